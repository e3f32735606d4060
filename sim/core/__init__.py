"""The numba core: pure functions over the state and table arrays (see sim.layout)."""
