#!/bin/sh
# check-port.sh -- the ported loop agrees with the original.
set -e
./port$EXEEXT 1
./port$EXEEXT 3000
