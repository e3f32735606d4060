"""The HTML report of a sweep run of any game (``dungeonology report``, docs/CLI.md).

- ``build``: :func:`experiments.report.build.build_report` (read the run, lay out the sections, write);
- ``page``: the report's blocks and their rendering with the jinja2 ``templates/``;
- ``sections``: the skeleton's sections (win rate and mean outcome per agent, turn order, every test,
  precision, the experiment) and how a game's sections and added ones are ordered;
- ``headlines``: the pieces of the headline findings; ``plots``: the generic plots, drawn on an Axes.

A game's report module (its bundle's ``report``) gives its own sections, headlines and templates
(Dungeonology's: experiments/dungeonology/report/).
"""
