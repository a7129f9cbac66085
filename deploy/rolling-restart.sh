#!/bin/sh
# Restarts the web processes one at a time without losing a request (an upgrade, a new env file).
# Each is first taken out of nginx (marked down, nginx reloaded, its old workers done), then
# restarted, and put back once its /readyz answers 200. A process is never stopped while nginx
# may still send it a request: nginx does not resend a POST a stopping process refused or cut
# (see proxy_next_upstream in nginx/simshop.conf), so stopping it in place could lose one.
#
#   sudo /opt/simshop/deploy/rolling-restart.sh 8081 8082      (every web port, as in upstreams.sh)
#
# The defaults are the layout of docs/deploy.md; the fault test sets these to its own:
#   SIMSHOP_UPSTREAMS       /etc/nginx/simshop-upstreams.conf
#   SIMSHOP_NGINX_RELOAD    systemctl reload nginx         (checks the configuration first)
#   SIMSHOP_NGINX_PID       /run/nginx.pid
#   SIMSHOP_WEB_RESTART     systemctl restart simshop-web@$port
#   SIMSHOP_READY_SECONDS   120                            (how long a process may take to be ready)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
upstreams=${SIMSHOP_UPSTREAMS:-/etc/nginx/simshop-upstreams.conf}
reload_nginx=${SIMSHOP_NGINX_RELOAD:-systemctl reload nginx}
nginx_pid=${SIMSHOP_NGINX_PID:-/run/nginx.pid}
restart_web=${SIMSHOP_WEB_RESTART:-'systemctl restart simshop-web@$port'}
ready_seconds=${SIMSHOP_READY_SECONDS:-120}

if [ $# -eq 0 ]; then
  echo "usage: $0 PORT...   (every web process's port)" >&2
  exit 2
fi

# The upstream list with one port down (or none), swapped in whole, then nginx reloaded. A reload
# only asks nginx: it starts new workers with the new list, and the workers it had finish what
# they hold and exit. Only when every one of those is gone does no worker route by the old list
# (at most 60 s, a long download; a reload nginx refused leaves them running, and this stops).
route() {
  master=$(cat "$nginx_pid")
  before=$(ps -o pid= --ppid "$master")
  "$here/upstreams.sh" "$@" > "$upstreams.new"
  mv "$upstreams.new" "$upstreams"
  eval "$reload_nginx"
  i=0
  for pid in $before; do
    while kill -0 "$pid" 2> /dev/null; do
      i=$((i + 1))
      if [ $i -ge 600 ]; then
        echo "nginx's workers from before the reload still run after 60 s: see nginx's error log" >&2
        exit 1
      fi
      sleep 0.1
    done
  done
}

ready() {
  i=0
  while [ $i -lt $((ready_seconds * 5)) ]; do
    if curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$1/readyz"; then return 0; fi
    sleep 0.2
    i=$((i + 1))
  done
  echo "simshop-web@$1 is not ready after ${ready_seconds} s: it stays out of nginx" >&2
  return 1
}

for port in "$@"; do
  echo "simshop-web@$port: out of nginx"
  route --down "$port" "$@"
  echo "simshop-web@$port: restarting"
  eval "$restart_web"
  ready "$port"
  echo "simshop-web@$port: ready, back in nginx"
  route "$@"
done
