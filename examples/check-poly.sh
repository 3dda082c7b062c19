#!/bin/sh
# check-poly.sh -- poly's libmpzg chain agrees with the GMP loop, on small batches
# including the empty one and one element.
set -e
./poly$EXEEXT 0 64
./poly$EXEEXT 1 64
./poly$EXEEXT 2000 3000 3
