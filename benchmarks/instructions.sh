#!/usr/bin/env bash
# Instructions per decision of random games, counted by valgrind's callgrind.
# Unlike seconds, the count does not move with the load of a shared machine,
# so it is the figure to compare before and after an optimisation.
#   benchmarks/instructions.sh [GAME] [GAMES] [PLAYERS]   (default: guile 200, the game's own table)
set -euo pipefail
cd "$(dirname "$0")/.."
game=${1:-guile}
games=${2:-200}
players=${3:-None}
python=.venv/bin/python
command -v valgrind >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 2; }
run='import sys; from feint.bench.throughput import random_games; random_games(sys.argv[1], None if sys.argv[3] == "None" else int(sys.argv[3]), int(sys.argv[2]))'
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$python" -c "$run" "$game" "$1" "$players" 2>&1 |
        awk '/Collected/ {print $4}'
}
small=$(count 10)
large=$(count $((games + 10)))
decisions=$("$python" -c "
from feint.bench.throughput import random_games as r
print(r('$game', $players, $((games + 10))).decisions - r('$game', $players, 10).decisions)")
echo "$game ($players seats): $(( (large - small) / decisions )) instructions per decision over $decisions decisions"
