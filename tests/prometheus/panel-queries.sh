#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# panel-queries.sh DASHBOARD [RATE_INTERVAL]: every panel query of a Grafana
# dashboard as "TITLE<TAB>PROMQL", one per line, with the dashboard's
# variables replaced the way Grafana would for "all instances":
# $instance -> .*, $__rate_interval -> RATE_INTERVAL (default 1m).
# Used by make promtest and the guest scenario diag-prometheus.
set -euo pipefail
rate=${2:-1m}
jq -r '.panels[] | select(.targets) | .title as $t | .targets[] | [$t, .expr] | @tsv' "$1" |
	sed -e 's/\$instance/.*/g' -e "s/\\\$__rate_interval/$rate/g"
