/* demo.c -- placeholder until examples land. */
#include <stdio.h>
#include "mpzg.h"
int main (void) { char d[256]; mpzg_backend (d, sizeof d); printf ("%s\n", d); return 0; }
