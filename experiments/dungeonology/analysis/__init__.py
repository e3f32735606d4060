"""Dungeonology's analysis (its bundle's ``analysis``): its defaults and groupings (``groupings``: by
Scholar, the Scholar / turn-order / Scholar x Clan Card family, rule sets, Boss profiles and Panic Cards
when pooled), and its own tables, which the notebook's ``from experiments import analysis as A`` also
gives (``A.scholar_clan``...):

- ``conditions``: one row per game, game length and Theses per condition (Alert difficulty x Player
  Level), how games end, the score distribution;
- ``head_to_head``: Scholar against Scholar, Scholar x Clan Card;
- ``variants``: the what-ifs (per rule set, per swept data override); ``claims``: their headlines and the
  head-to-head family in words;
- ``adjusted``: each Scholar's and Clan's effect adjusted for the table and the seat;
- ``compare``: variant B against A; ``skill``: findings that hold at every skill level; ``metrics``:
  the designer metrics.
"""

from experiments.dungeonology.analysis.conditions import condition_effects, end_reasons, games, score_summary
from experiments.dungeonology.analysis.groupings import BASIC, GROUPINGS, overview_items
from experiments.dungeonology.analysis.head_to_head import scholar_clan, scholar_vs_scholar
from experiments.dungeonology.results import GAME_COLUMNS, ORDERS, REPORT_COLUMNS

DEFAULT_FAMILY = GROUPINGS.family
POOLED_LABELS = dict(GROUPINGS.pooled)

__all__ = ["BASIC", "DEFAULT_FAMILY", "GAME_COLUMNS", "GROUPINGS", "ORDERS", "POOLED_LABELS", "REPORT_COLUMNS",
           "condition_effects", "end_reasons", "games", "overview_items", "scholar_clan", "scholar_vs_scholar",
           "score_summary"]
