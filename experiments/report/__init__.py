"""The HTML report of a sweep run (``dungeonology report``, docs/CLI.md).

- ``build``: :func:`experiments.report.build.build_report` (read the run, lay out the sections, write);
- ``page``: the report's blocks and their rendering with the jinja2 ``templates/``;
- ``sections``: the sections in order; ``adjusted`` and ``compare``: the adjusted-effects section and
  those of a comparison of variants; ``plots``: every plot, drawn on an Axes;
- ``memory``: the report's peak memory on a large run (``dungeonology report-memory``).
"""
