"""Portable tasks (spec 4.1-4.3): stored task rows -> claimed with a lease by a task executor ->
the steps create_task, parse_content, generate_content, generate_ppt, upload.

    params     create-task fields -> a checked NewTask (1010 naming the field)
    store      task rows, their events and page HTML (create, steps, finish; blocking)
    leases     the one lease mechanism: claim, renew, hand back, give up, expire
    steps      the one place that knows a task's steps (stored inputs -> generator -> library)
    executor   runs the claimed tasks of one process (slots, timeout, lease heartbeat, stop)
    dispatch   where an API instance's tasks run: here (LocalTasks), the queue (service.queue)
               or nowhere (API only)
"""
