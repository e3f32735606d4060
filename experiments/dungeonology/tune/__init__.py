"""Tuning: ``dungeonology tune`` searches free data values for a tune file's targets (``search``, with
``config``: the file, ``objective``: the targets, ``result``: what it found, ``layer``: the tuned data
as a layer folder, ``report``: report.md and tune.json; docs/TUNE.md); ``heuristic``: ``dungeonology
tune-heuristic``, the heuristic's own parameters."""
