#!/bin/sh
# The official haproxy image's entrypoint: options alone mean haproxy's, and haproxy runs as
# master-worker (-W) in the foreground (-db).
set -e
if [ "${1#-}" != "$1" ]; then set -- haproxy "$@"; fi
if [ "$1" = haproxy ]; then
  shift
  set -- haproxy -W -db "$@"
fi
exec "$@"
