# Tablée: a self-hosted Discord bot that hosts board games.
#   docker build -t tablee .
#   docker run -d --name tablee -e DISCORD_TOKEN=... -v tablee-data:/data tablee
# The database (and an optional config.toml) live in the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY render ./render
COPY i18n ./i18n
COPY setup.py ./
COPY requirements/runtime.txt ./requirements/
# The same install as the README's "Run with pip": exactly the locked versions (with their hashes),
# then the bot itself (CI runs this line in a fresh venv and checks the versions against the lock).
RUN python -m pip install --no-cache-dir --require-hashes -r requirements/runtime.txt && python -m pip install --no-cache-dir --no-deps --no-build-isolation .

# A non-root user with fixed ids, owning the data volume.
RUN groupadd --gid 10001 tablee \
    && useradd --create-home --uid 10001 --gid 10001 --shell /usr/sbin/nologin tablee \
    && mkdir /data \
    && chown 10001:10001 /data
USER 10001:10001
# Relative paths resolve here: config.toml is read from /data, the database is /data/tablee.db.
WORKDIR /data
VOLUME /data

CMD ["python", "-m", "bot"]
