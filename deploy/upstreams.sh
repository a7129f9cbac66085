#!/bin/sh
# Prints nginx's `upstream simshop_web` block for the web processes on the given ports
# (simshop-web@PORT, on 127.0.0.1). A port given after --down is listed as down: nginx sends it
# nothing, which is how rolling-restart.sh takes one process out while it restarts.
#
#   deploy/upstreams.sh 8081 8082 > /etc/nginx/simshop-upstreams.conf
#   deploy/upstreams.sh --down 8081 8081 8082
set -eu
down=''
if [ "${1:-}" = --down ]; then
  down=$2
  shift 2
fi
if [ $# -eq 0 ]; then
  echo "usage: $0 [--down PORT] PORT..." >&2
  exit 2
fi
echo '# Written by deploy/upstreams.sh: the web processes, one line each.'
echo 'upstream simshop_web {'
for port in "$@"; do
  if [ "$port" = "$down" ]; then
    echo "    server 127.0.0.1:$port down;"
  else
    # One refused connection takes a process out for 5 s (then nginx tries it again).
    echo "    server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"
  fi
done
# Idle connections kept per nginx worker. nginx closes them after 60 s, before the server's
# own 72 s (Fastify's keepAliveTimeout): the server never closes one under a request in flight.
echo '    keepalive 32;'
echo '    keepalive_timeout 60s;'
echo '}'
