#!/bin/sh
# tests/fuzz/idx-seeds.sh DIR: a few valid IDX files, uncompressed,
# as the fuzzer's first corpus: three pictures of 2 x 3, and four
# labels.
set -eu
mkdir -p "$1"
printf '\000\000\010\003\000\000\000\003\000\000\000\002\000\000\000\003abcdefghijklmnopqr' > "$1/pictures"
printf '\000\000\010\001\000\000\000\004\001\002\003\004' > "$1/labels"
