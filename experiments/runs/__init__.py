"""Playing a sweep into a run folder, and the run folder's format (docs/SWEEPS.md, docs/RESULTS.md).

- ``sweep``: the runner (plan the chunks, play them, write each as a Parquet part, the manifest, resume);
- ``executors``: where the chunks are played (this process, loky workers, a dask cluster);
- ``worker``: what a worker process runs for one chunk, and ``rows``: those games as the part's rows;
- ``folder``: the run folder (lock, manifest, parts and their checksums, reading the rows back);
- ``stamps``: the time and the code version a run records; ``schema``: the rows' columns;
- ``seating``: how a cell's Scholars take the seats; ``orphans``: workers exit with their parent;
- ``config/``: the sweep file (models, plan, values, resolve, variants).
"""
