#!/usr/bin/env bash
# Restarts Evalúa instances one at a time behind nginx without failing a request (docs/deployment.md).
#
#   rolling-restart.sh PORT...       for each PORT: drain, `systemctl restart evalua@PORT`, undrain
#   rolling-restart.sh drain PORT    take PORT out of nginx's upstream and wait until nginx has no
#                                    request on it any more (then it may be stopped)
#   rolling-restart.sh undrain PORT  wait until PORT answers GET /api/health with 200, put it back
#
# Why not just `systemctl restart`: when the app stops listening, connections still waiting in the
# kernel's accept queue are reset, and nginx cannot resend a POST it already wrote to one (it might
# have been done) — the browser would get a 502. So nginx stops sending first: the instance's
# upstream line gets ` down`, `nginx -s reload` starts new workers with it, and the old workers
# finish what they were doing (every request already sent to the instance) and exit. Once they are
# gone nothing reaches the instance, and SIGTERM lets it finish in peace.
#
# Environment (defaults for Debian's nginx package):
#   EVALUA_NGINX_SITE  the site file with the `upstream evalua` block (/etc/nginx/sites-available/evalua.conf)
#   EVALUA_NGINX_CMD   the nginx command, options included ("nginx"; the test adds -c and -e)
#   NGINX_PID_FILE     nginx's pid file (/run/nginx.pid)
#   DRAIN_TIMEOUT      seconds to wait for nginx's old workers (120; long downloads keep them)
#   HEALTH_TIMEOUT     seconds to wait for the restarted instance's health (60)
set -euo pipefail

SITE="${EVALUA_NGINX_SITE:-/etc/nginx/sites-available/evalua.conf}"
read -r -a NGINX_CMD <<<"${EVALUA_NGINX_CMD:-nginx}"
PID_FILE="${NGINX_PID_FILE:-/run/nginx.pid}"
DRAIN_TIMEOUT="${DRAIN_TIMEOUT:-120}"
HEALTH_TIMEOUT="${HEALTH_TIMEOUT:-60}"

say() { printf '%s rolling-restart: %s\n' "$(date +%H:%M:%S)" "$*"; }
die() {
  say "ERROR: $*" >&2
  exit 1
}

# The upstream line of PORT: `server <host>:PORT ...;` (exactly one).
server_line_pattern() { printf '^[[:space:]]*server[[:space:]]+[^[:space:];]+:%s([[:space:];]|$)' "$1"; }

check_port() {
  [[ "$1" =~ ^[0-9]+$ ]] || die "not a port: $1"
  local count
  count=$(grep -cE "$(server_line_pattern "$1")" "$SITE" || true)
  [[ "$count" == 1 ]] || die "$SITE has $count upstream lines for port $1 (expected 1)"
}

# Rewrites PORT's upstream line: `down` added (mark=down) or removed (mark=up).
set_mark() {
  local port=$1 mark=$2 pattern
  pattern=$(server_line_pattern "$port")
  if [[ $mark == down ]]; then
    sed -i -E "/$pattern/ { s/[[:space:]]+down[[:space:]]*;/;/; s/;/ down;/ }" "$SITE"
  else
    sed -i -E "/$pattern/ s/[[:space:]]+down[[:space:]]*;/;/" "$SITE"
  fi
}

# `nginx -t`, then reload, then wait until every worker of the previous configuration has exited:
# from then on only workers with the new upstream list serve.
reload_and_wait() {
  "${NGINX_CMD[@]}" -t -q || die "nginx -t failed: configuration not reloaded"
  local master old deadline
  master=$(cat "$PID_FILE") || die "no nginx pid file at $PID_FILE"
  old=$(pgrep -P "$master" || true)
  "${NGINX_CMD[@]}" -s reload
  deadline=$((SECONDS + DRAIN_TIMEOUT))
  for pid in $old; do
    while kill -0 "$pid" 2>/dev/null; do
      ((SECONDS < deadline)) || die "nginx's old worker $pid still runs after ${DRAIN_TIMEOUT}s"
      sleep 0.1
    done
  done
}

upstream_host() {
  grep -E "$(server_line_pattern "$1")" "$SITE" | sed -E 's/^[[:space:]]*server[[:space:]]+([^[:space:];]+):[0-9]+.*/\1/'
}

wait_healthy() {
  local url deadline
  url="http://$(upstream_host "$1"):$1/api/health"
  deadline=$((SECONDS + HEALTH_TIMEOUT))
  until [[ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$url" || true)" == 200 ]]; do
    ((SECONDS < deadline)) || die "$url did not answer 200 within ${HEALTH_TIMEOUT}s"
    sleep 0.2
  done
}

drain() {
  check_port "$1"
  set_mark "$1" down
  reload_and_wait
  say "port $1 drained: nginx sends it nothing"
}

undrain() {
  check_port "$1"
  wait_healthy "$1"
  set_mark "$1" up
  reload_and_wait
  say "port $1 is back in nginx's upstream"
}

case "${1:-}" in
  drain | undrain)
    [[ $# == 2 ]] || die "usage: $0 $1 PORT"
    "$1" "$2"
    ;;
  '' | -h | --help)
    sed -n '2,8p' "$0"
    ;;
  *)
    for port in "$@"; do check_port "$port"; done
    for port in "$@"; do
      drain "$port"
      # SIGTERM (the unit's KillSignal): the instance finishes what it was doing and exits 0.
      systemctl restart "evalua@$port"
      undrain "$port"
    done
    ;;
esac
