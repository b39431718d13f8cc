#!/bin/sh
# demo.sh - the main job on the built-in example (make demo).
set -e
echo "samgen demo: not all steps exist yet"
