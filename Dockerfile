# Tablée: a self-hosted Discord bot that hosts board games.
#   docker build -t tablee .
#   docker run -d --name tablee -e DISCORD_TOKEN=... -v tablee-data:/data tablee
# The database (and an optional config.toml) live in the /data volume.
#
# The base image, by tag: `python:3.11-slim` moves (it went from Debian 12 to 13). To build the
# same base every time, pin it by digest: look the digest up with
#   docker buildx imagetools inspect python:3.11-slim
# (or `docker pull python:3.11-slim` then
#   docker inspect --format '{{index .RepoDigests 0}}' python:3.11-slim)
# and build with --build-arg BASE=python:3.11-slim@sha256:<digest>; to bump it (security fixes),
# look the digest up again and rebuild with the new one.
ARG BASE=python:3.11-slim
FROM ${BASE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
# The same install as the README's "Run with pip", in two steps so that a code change reuses the
# first one (no download): exactly the locked versions (with their hashes), then the bot itself.
# CI runs these two lines in a fresh venv and checks the versions against the lock.
COPY requirements/runtime.txt ./requirements/
RUN python -m pip install --no-cache-dir --require-hashes -r requirements/runtime.txt
COPY pyproject.toml setup.py README.md ./
COPY i18n ./i18n
COPY games ./games
COPY render ./render
COPY bot ./bot
RUN python -m pip install --no-cache-dir --no-deps --no-build-isolation .

# A non-root user with fixed ids, owning the data volume.
RUN groupadd --gid 10001 tablee \
    && useradd --create-home --uid 10001 --gid 10001 --shell /usr/sbin/nologin tablee \
    && mkdir /data \
    && chown 10001:10001 /data
USER 10001:10001
# Relative paths resolve here: config.toml is read from /data, the database is /data/tablee.db.
WORKDIR /data
VOLUME /data

# Healthy: the config loads, the database opens, and (once started) this container's bot renews
# its lease; Discord is not contacted.
HEALTHCHECK --interval=60s --timeout=20s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
CMD ["python", "-m", "bot"]

# Last, so that another version or commit rebuilds nothing above. VERSION must be pyproject.toml's
# version (a test checks it). TABLEE_COMMIT: the commit built, which `--version` then names
# (bot/app/version.py), e.g. --build-arg TABLEE_COMMIT="$(git rev-parse HEAD)"; CI passes it.
ARG BASE
ARG VERSION=0.1.0
ARG TABLEE_COMMIT=
ENV TABLEE_COMMIT=${TABLEE_COMMIT}
LABEL org.opencontainers.image.title="Tablée" \
      org.opencontainers.image.description="A self-hosted Discord bot that hosts board games" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${TABLEE_COMMIT}" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.base.name="${BASE}"
