#!/bin/sh
# Runs every function of a C driver binary built from seed_native.mlir,
# printing a header line, the result or the error, in a fixed order.
prog=$1
for f in x_plus_v rows_dims1 columns_dims0 cube_plus_matrix_dims12 degenerate_2x1_2x3 \
         degenerate_125_725 degenerate_725_715 outer_product composition_dims0 \
         composition_1x2_4x3x1 illegal_2x3_plus_3_dims0 illegal_725_726; do
  echo "== $f"
  "$prog" -f "$f" --print 2>&1
done
exit 0
