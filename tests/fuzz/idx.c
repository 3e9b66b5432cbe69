/* A libFuzzer target for the IDX reader (chapter 10): make fuzz-idx.
   Every input is read twice, as a file of pictures and as a file of
   labels: once as it is (zlib reads a file that is not gzipped as
   it stands), which exercises the IDX header and lengths, and once
   gzipped whole, which is sound gzip around the same bytes. The
   reader must read the file or refuse it with a reason, without a
   crash, a leak, or a read past the end. */
#include "image.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

static char path[64];

static void read_both(void)
{
    for (int dims = 1; dims <= 3; dims += 2) {
        Idx x;
        const char *why = idx_read(&x, path, dims);
        if (why) {
            if (!*why || x.byte) abort();   /* a refusal says why */
        } else {
            if (x.n < 1 || x.rows < 1 || x.cols < 1) abort();
            idx_free(&x);
        }
    }
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t n)
{
    if (!path[0]) {
        strcpy(path, "/tmp/am-fuzz-idx-XXXXXX");
        int fd = mkstemp(path);
        if (fd < 0) abort();
        close(fd);
    }
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f)) abort();
    read_both();
    gzFile g = gzopen(path, "wb");
    if (!g || (n && gzwrite(g, data, (unsigned)n) != (int)n)
        || gzclose(g) != Z_OK) abort();
    read_both();
    return 0;
}
