# deckforge service image: one image for every role of a scale-out deployment (an EXAMPLE; the
# tested path is the process-level one of docs/operations.md and tests/cluster/).
#   API instance:  deckforge serve --no-workers --host 0.0.0.0 --port 8000   (the default CMD)
#   worker host:   deckforge worker --processes 2 --threads 4 --metrics-port 9191
#   migrations:    deckforge db upgrade        (once per release, before the instances start)
# Settings come from DECKFORGE_* environment variables (docs/service.md "Settings").
FROM python:3.11-slim-bookworm

# fontconfig + the fonts the engine measures with (the list of .ci/run and scripts/setup.sh).
RUN apt-get update -qq \
 && apt-get install -y -qq --no-install-recommends \
      fontconfig fonts-liberation fonts-liberation2 fonts-dejavu-core fonts-dejavu-extra \
      fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji fonts-crosextra-carlito \
      fonts-crosextra-caladea \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
COPY pyproject.toml README.md constraints.txt ./
COPY engine ./engine
COPY generator ./generator
COPY service ./service
# The versions CI tests (constraints.txt; refresh: scripts/refresh-constraints.sh).
RUN pip install --no-cache-dir -c constraints.txt '.[service,queue]' \
 && useradd --system --uid 10001 --home-dir /var/lib/deckforge --create-home deckforge

USER deckforge
ENV DECKFORGE_DATA_DIR=/var/lib/deckforge \
    DECKFORGE_HOST=0.0.0.0 \
    DECKFORGE_PORT=8000 \
    PYTHONUNBUFFERED=1
EXPOSE 8000 9191
# Liveness of an API instance; worker hosts answer /healthz on their metrics port instead
# (docker-compose.yml overrides this check for them).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["python", "-c", "import os,urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('DECKFORGE_PORT','8000'), timeout=2)"]
# SIGTERM (docker stop) is a graceful stop for both roles: give it the grace period, e.g.
# `stop_grace_period: 40s` (worker: DECKFORGE_WORKER_GRACE_S + 10).
STOPSIGNAL SIGTERM
CMD ["deckforge", "serve", "--no-workers"]
