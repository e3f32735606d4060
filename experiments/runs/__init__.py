"""Playing a sweep of any game into a run folder, and the run folder's format (docs/SWEEPS.md, docs/RESULTS.md).
The game's parts (its columns, its axes) come from its bundle: ``schema`` says what they give.

- ``sweep``: the runner (plan the chunks, play them, write each as a Parquet part, the manifest, resume);
- ``executors``: where the chunks are played (this process, loky workers, a dask cluster);
- ``worker``: what a worker process runs for one chunk, and ``rows``: those games as the part's rows;
- ``folder``: the run folder (lock, manifest, parts and their checksums, reading the rows back);
- ``stamps``: the time and the code version a run records; ``schema``: the identifiers every game's
  rows have, and what a game's results module gives;
- ``seating``: how the seats take a cell's fixed choices (Dungeonology's named Scholars); ``orphans``:
  workers exit with their parent;
- ``config/``: the sweep file (models, plan, values, resolve, variants) over the game's own axes.
"""
