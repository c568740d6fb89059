"""Portable tasks (spec 4.1-4.3): stored task rows -> a per-instance runner that claims them with a
lease and runs the steps create_task, parse_content, generate_content, generate_ppt, upload.

    store   database operations (create, claim, events, pages, finish, recovery; blocking)
    steps   one task's steps (stored inputs -> generator -> PPT library)
    runner  the background loop in each instance (claim, run, heartbeat, recover)
"""
