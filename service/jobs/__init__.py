"""Jobs: every piece of CPU- or memory-heavy work of the service (a payload dict -> a result dict),
run in a worker process that can be killed, never in the process that asked for it.

    pool      WorkerPool: worker processes behind a bounded waiting line; a job past its time is
              killed with its process, a process past its memory (RLIMIT_AS) fails its job
    run       how a request or a task step runs a job (`run_job`): the account's share of the
              pool, its failure budget, a full pool answered or waited out, refusals typed
    convert   (in the worker) HTML pages -> PPTX through the engine
    generate  (in the worker) the generator's jobs, and `perform`, the pool's job function

Every process that does work has one pool: an API instance (conversions, generation requests and,
in-process, its tasks' steps) and each task process of a worker host (its tasks' steps).
"""

from __future__ import annotations

from typing import Literal, get_args

JobKind = Literal[
    "convert",  # HTML pages -> PPTX (convert endpoint)
    "generate",  # Markdown -> deck (generatePptx)
    "regenerate",  # an edited document -> deck (savePptx)
    "previews",  # a stored document -> slide images at another width (2x previews)
    "template",  # an uploaded package or PowerPoint file -> checked facts + cover
    "templateCovers",  # built-in template ids -> cover images
    "prepare",  # a task's files, link or text -> prepared content (parse_content)
    "plan",  # a task's Markdown -> planned pages and their HTML (generate_ppt)
    "buildPlanned",  # planned pages -> deck, cover and previews (generate_ppt)
]
JOB_KINDS: tuple[str, ...] = get_args(JobKind)
# The pool's job function (in the worker processes): dispatches on payload["job"].
POOL_JOB = "service.jobs.generate:perform"
