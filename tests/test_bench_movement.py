"""experiments.bench_movement: the lever-3 measurement counts what it says."""

from __future__ import annotations

from experiments.bench_movement import measure, text


def test_movement_reuse_counts_are_consistent():
    m = measure(2)
    assert m["moves"] > m["first_of_turn"] > 0
    later = m["moves"] - m["first_of_turn"]
    assert 0 <= m["same_state"] <= m["same_vals"] <= later  # an unchanged state leaves every study value unchanged
    assert 0 < m["kept"] <= m["zones"]
    assert m["vals_us"] > 0 and m["act_us"] > 0
    assert f"{m['moves']:,} Movement decisions" in text(m)
