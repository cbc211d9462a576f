#!/usr/bin/env bash
# Nightly backup of Evalúa's database (deploy/cron/evalua-backup runs it; docs/deployment.md).
#
# PostgreSQL (DATABASE_URL=postgres://…): pg_dump's custom format, the command `npm run backup`
# prints (it makes no copy itself on PostgreSQL and exits 2), into BACKUP_DIR as
# evalua-YYYYMMDD-HHMMSS.dump. Safe while the instances run: pg_dump reads one consistent snapshot.
# SQLite (single instance): `npm run backup`, SQLite's online copy into BACKUP_DIR as
# evalua-YYYYMMDD-HHMMSS.db.
# Then copies older than BACKUP_KEEP_DAYS (14) are deleted. Exit status 0 only if a copy was made.
#
# Environment: EVALUA_ENV_FILE (/etc/evalua/evalua.env) is read first; EVALUA_DIR
# (/opt/evalua/current) is the running release.
set -euo pipefail
# Every copy is the owner's alone (decision 043: a backup holds what the database holds).
umask 077

ENV_FILE="${EVALUA_ENV_FILE:-/etc/evalua/evalua.env}"
APP_DIR="${EVALUA_DIR:-/opt/evalua/current}"
if [[ -r "$ENV_FILE" ]]; then
  # Only what this script needs, read as systemd reads the file (the value is the rest of the line):
  # other values are not shell (MAIL_FROM=Colegio <evalua@escuela.do>, ORGANIZATION_NAME=Colegio Los Pinos).
  while IFS= read -r line || [[ -n "$line" ]]; do
    if [[ "$line" =~ ^(DATABASE_URL|BACKUP_DIR|BACKUP_KEEP_DAYS)=(.*)$ ]]; then
      export "${BASH_REMATCH[1]}=${BASH_REMATCH[2]}"
    fi
  done <"$ENV_FILE"
fi
BACKUP_DIR="${BACKUP_DIR:-$APP_DIR/data/backups}"
KEEP_DAYS="${BACKUP_KEEP_DAYS:-14}"
mkdir -p "$BACKUP_DIR"

if [[ "${DATABASE_URL:-}" =~ ^postgres(ql)?:// ]]; then
  file="$BACKUP_DIR/evalua-$(date +%Y%m%d-%H%M%S).dump"
  # Written under a temporary name, renamed once complete: a file named *.dump is a whole dump.
  pg_dump --format=custom --no-owner --no-privileges --file "$file.partial" "$DATABASE_URL"
  mv "$file.partial" "$file"
  echo "Copia de seguridad creada: $file"
  pattern='evalua-*.dump'
else
  (cd "$APP_DIR" && BACKUP_DIR="$BACKUP_DIR" npm run --silent backup)
  pattern='evalua-*.db'
fi

find "$BACKUP_DIR" -maxdepth 1 -type f -name "$pattern" -mtime +"$KEEP_DAYS" -delete
