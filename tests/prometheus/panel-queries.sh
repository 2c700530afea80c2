#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# panel-queries.sh DASHBOARD [RATE_INTERVAL [INSTANCE]]: every panel query of
# a Grafana dashboard as "TITLE<TAB>PROMQL", one per line, with the
# dashboard's variables replaced the way Grafana would for "all instances":
# $instance -> .* (or INSTANCE: one instance, as Grafana sends a single
# choice), $__rate_interval -> RATE_INTERVAL (default 1m).
# Used by make promtest, the guest scenario diag-prometheus and make
# vmtest-fleet (tests/vm/fleet, once per instance).
set -euo pipefail
rate=${2:-1m}
instance=${3:-.*}
jq -r '.panels[] | select(.targets) | .title as $t | .targets[] | [$t, .expr] | @tsv' "$1" |
	sed -e "s/\\\$instance/$instance/g" -e "s/\\\$__rate_interval/$rate/g"
