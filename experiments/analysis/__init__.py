"""The analysis of a sweep run: ``from experiments import analysis as A`` gives the tables of
:mod:`experiments.analysis.rates` (loading, win rates, tests); the other modules are imported by name."""

from experiments.analysis.rates import *  # noqa: F403
from experiments.analysis.rates import _cols, _label, _ordinal  # noqa: F401 - read as A._cols by the report
