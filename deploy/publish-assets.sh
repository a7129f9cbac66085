#!/bin/sh
# Copies the built shop's and console's hashed assets to where nginx serves them, beside those of
# earlier builds: during a rolling upgrade a process still running the old build hands out pages
# that name the old files, so they must stay until no page can name them. Files no build has
# published for 30 days are removed.
#
#   deploy/publish-assets.sh /opt/simshop/apps/web/dist /opt/simshop/apps/console/dist /var/lib/simshop/assets
set -eu
if [ $# -ne 3 ]; then
  echo "usage: $0 WEB_DIST CONSOLE_DIST ASSETS" >&2
  exit 2
fi
publish() {
  from=$1/assets
  to=$2
  if [ ! -d "$from" ]; then
    echo "$from is missing: run npm run build first" >&2
    exit 1
  fi
  mkdir -p "$to"
  # -p keeps the build's times; touching what is published keeps it from the cleanup below.
  cp -Rp "$from/." "$to/"
  find "$from" -type f -printf '%P\0' | (cd "$to" && xargs -0 -r touch -c)
  find "$to" -type f -mtime +30 -delete
}
publish "$1" "$3/uni/assets"
publish "$2" "$3/console/assets"
