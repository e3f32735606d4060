"""Benchmarks of any game (``dungeonology bench --game NAME``): ``games`` (random play and the game's
default agent in the game loop, games/s and decisions/s per player count). Dungeonology's own benches
(cold and warm start, the JIT speed-up, a baseline commit side by side, the profile, the expansion,
the adapters) are experiments/dungeonology/bench/."""
