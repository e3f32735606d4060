"""What a tune found: its trials (:class:`TrialRecord`), the distinct candidates (:class:`Candidate`),
the two validation runs (:class:`Arm`: the data before tuning and the best candidate) and the whole
result (:class:`TuneResult`), which the search (:mod:`experiments.dungeonology.tune.search`) returns and the outputs
(:mod:`experiments.dungeonology.tune.report`) write."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from experiments.dungeonology.tune.config import TunePlan


@dataclass(frozen=True)
class TrialRecord:
    """One finished trial: its values, which repetition of the candidate, its games and objectives."""

    number: int
    values: dict[str, Any]
    repetition: int
    seed: int
    games: int
    own: float  # the objective of this trial's games alone
    pooled: float  # of every game of this candidate so far (the value the sampler got)
    parts: dict[str, float]
    run_dir: str


@dataclass(frozen=True)
class Candidate:
    """A distinct set of values and every game played with it."""

    values: dict[str, Any]
    trials: tuple[int, ...]
    counts: dict[str, Any]
    objective: float
    parts: dict[str, float]


@dataclass(frozen=True)
class Arm:
    """A validation run: the data before tuning, or the best candidate."""

    label: str
    values: dict[str, Any]
    run_dir: Path
    counts: dict[str, Any]
    objective: float
    parts: dict[str, float]


@dataclass
class TuneResult:
    out: Path
    plan: TunePlan
    trials: list[TrialRecord]
    best: Candidate
    before: Arm
    after: Arm
    layer: Path | None
    report: Path
    games_played: int  # in this call
    games_total: int  # every game of the tune
    wall_s: float
    notes: list[str] = field(default_factory=list)
    provisional: list[dict[str, Any]] = field(default_factory=list)  # provisional values of the tuned game
    provisional_parameters: list[str] = field(default_factory=list)  # free values that are provisional
