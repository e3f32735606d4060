"""Dungeonology's report (its bundle's ``report``), what `dungeonology report` adds to the generic skeleton
(experiments/report/):

- ``sections``: its sections in order (``SECTIONS``), what they share (``prepare``: the what-if effects);
- ``headlines``: its headline findings; ``templates/``: its statistics notes (methods.html.j2);
- ``plots``: its plots (Scholar x Clan Card, Scholar vs Scholar, conditions, distributions, what-ifs);
- ``adjusted`` and ``compare``: the adjusted-effects section and those of a comparison of variants;
- ``memory``: the report's peak memory on a large run (``dungeonology report-memory``).
"""

from experiments.dungeonology.report.headlines import headlines
from experiments.dungeonology.report.sections import FIRST, SECTIONS, prepare

TEMPLATES = __name__  # the package whose templates/ come before the generic ones (its methods.html.j2)
TITLE = "Dungeonology"  # "Dungeonology balance report: <run>"

__all__ = ["FIRST", "SECTIONS", "TEMPLATES", "TITLE", "headlines", "prepare"]
