#!/bin/sh
# Restarts the app instances one at a time, each only after the one before answers /readyz with 200, so nginx always
# has an instance to send visitors to. Usage: deploy/rolling-restart.sh 3001 3002 [...]
# Run it after `git pull && npm ci && npm run build` in /opt/meridian-crest: the first instance to start applies the
# new migrations (under a database lock), the others find them applied.
set -eu
[ "$#" -gt 0 ] || { echo "usage: $0 PORT [PORT...]" >&2; exit 2; }
for port in "$@"; do
  systemctl restart "meridian-crest@${port}"
  tries=0
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:${port}/readyz")" = "200" ]; do
    tries=$((tries + 1))
    if [ "$tries" -ge 60 ]; then
      echo "meridian-crest@${port} is not ready after 60 s: stopping here, the other instances still run the old build" >&2
      journalctl -u "meridian-crest@${port}" -n 20 --no-pager >&2 || true
      exit 1
    fi
    sleep 1
  done
  echo "meridian-crest@${port} is ready"
done
