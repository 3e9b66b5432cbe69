#line 43 "chapters/10-captions.nw"
/* image.c: images, and a small convolutional network to read them
   (chapter 10). */
#include "image.h"
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#line 109 "chapters/10-captions.nw"
static long read_bytes(gzFile f, unsigned char *buf, uint64_t n)
{
    uint64_t got = 0;
    while (got < n) {
        uint64_t left = n - got;
        unsigned piece = left > 1u << 30 ? 1u << 30 : (unsigned)left;
        int k = gzread(f, buf + got, piece);
        if (k < 0) return -1;
        if (k == 0) break;
        got += (unsigned)k;
    }
    return (long)got;
}

static uint32_t big_endian(const unsigned char *b)
{
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16
           | (uint32_t)b[2] << 8 | b[3];
}
#line 139 "chapters/10-captions.nw"
const char *idx_read(Idx *x, const char *path, int dims)
{
    static char why[700];
    memset(x, 0, sizeof *x);
    assert(dims == 1 || dims == 3);
    gzFile f = gzopen(path, "rb");
    if (!f) {
        snprintf(why, sizeof why, "%s: cannot open: %s",
                 path, strerror(errno ? errno : ENOMEM));
        return why;
    }
    
#line 175 "chapters/10-captions.nw"
unsigned char head[16];
unsigned want = 4 + 4 * (unsigned)dims;
long got = read_bytes(f, head, want);
if (got < 0) goto damaged;
if ((unsigned long)got < want) {
    snprintf(why, sizeof why, "%s: truncated: %ld bytes, less than"
             " an IDX header of %u", path, got, want);
    goto refused;
}
if (head[0] || head[1]) {
    snprintf(why, sizeof why, "%s: not an IDX file: it begins with"
             " bytes %02x %02x, not 00 00", path, head[0],
             head[1]);
    goto refused;
}
if (head[2] != 0x08) {
    snprintf(why, sizeof why, "%s: values of type %02x; this reader"
             " reads unsigned bytes, type 08", path, head[2]);
    goto refused;
}
if (head[3] != dims) {
    snprintf(why, sizeof why, "%s: the header says %d dimension%s,"
             " not %d", path, head[3], head[3] == 1 ? "" : "s", dims);
    goto refused;
}
#line 207 "chapters/10-captions.nw"
uint32_t n = big_endian(head + 4);
uint32_t rows = dims == 3 ? big_endian(head + 8) : 1;
uint32_t cols = dims == 3 ? big_endian(head + 12) : 1;
if (n < 1 || n > INT32_MAX || rows < 1 || rows > IDX_MAX_SIDE
    || cols < 1 || cols > IDX_MAX_SIDE) {
    snprintf(why, sizeof why, "%s: sizes %u x %u x %u; each must be"
             " at least 1, the items at most %d and a side at most"
             " %d", path, n, rows, cols, INT32_MAX, IDX_MAX_SIDE);
    goto refused;
}
uint64_t bytes = (uint64_t)n * rows * cols;
if (bytes > IDX_MAX_BYTES) {
    snprintf(why, sizeof why, "%s: its header declares %llu bytes of"
             " values, more than the limit of %llu", path,
             (unsigned long long)bytes,
             (unsigned long long)IDX_MAX_BYTES);
    goto refused;
}
#line 151 "chapters/10-captions.nw"
    
#line 231 "chapters/10-captions.nw"
x->byte = xcalloc(bytes, 1);
got = read_bytes(f, x->byte, bytes);
if (got < 0) goto damaged;
if ((uint64_t)got < bytes) {
    int status;
    const char *z = gzerror(f, &status);
    snprintf(why, sizeof why, "%s: truncated: %ld bytes of the %llu"
             " its header declares%s%s", path, got,
             (unsigned long long)bytes, status ? "; zlib: " : "",
             status ? z : "");
    goto refused;
}
unsigned char extra;
got = read_bytes(f, &extra, 1);
if (got < 0) goto damaged;
if (got > 0) {
    snprintf(why, sizeof why, "%s: more bytes than the %llu its"
             " header declares", path, (unsigned long long)bytes);
    goto refused;
}
int status;
gzerror(f, &status);
if (status != Z_OK) goto damaged;
#line 152 "chapters/10-captions.nw"
    gzclose_r(f);
    x->n = (int)n;
    x->rows = (int)rows;
    x->cols = (int)cols;
    return NULL;
damaged:
    snprintf(why, sizeof why, "%s: damaged: %s", path,
             gzerror(f, &(int){0}));
refused:
    gzclose_r(f);
    free(x->byte);
    memset(x, 0, sizeof *x);
    return why;
}

void idx_free(Idx *x)
{
    free(x->byte);
    memset(x, 0, sizeof *x);
}
#line 278 "chapters/10-captions.nw"
const char *const fashion_class[FASHION_CLASSES] = {
    "tshirt", "trouser", "pullover", "dress", "coat",
    "sandal", "shirt", "sneaker", "bag", "boot",
};
#line 288 "chapters/10-captions.nw"
const char *fashion_read(Fashion *f, const char *dir, int test)
{
    static char why[1400];
    char path[2][600];
    const char *part = test ? "t10k" : "train";
    snprintf(path[0], sizeof path[0], "%s/%s-images-idx3-ubyte.gz",
             dir, part);
    snprintf(path[1], sizeof path[1], "%s/%s-labels-idx1-ubyte.gz",
             dir, part);
    memset(f, 0, sizeof *f);
    Idx img, lab;
    const char *problem = idx_read(&img, path[0], 3);
    if (!problem) {
        problem = idx_read(&lab, path[1], 1);
        if (problem) idx_free(&img);
    }
    if (problem) {
        
#line 323 "chapters/10-captions.nw"
for (int k = 0; k < 2; k++)
    if (access(path[k], F_OK) && errno == ENOENT) {
        snprintf(why, sizeof why, "%s does not exist; Fashion-MNIST"
                 " is Debian's package %s: as root, run apt-get"
                 " install %s", path[k], FASHION_PACKAGE,
                 FASHION_PACKAGE);
        return why;
    }
#line 306 "chapters/10-captions.nw"
        return problem;
    }
    
#line 333 "chapters/10-captions.nw"
problem = NULL;
if (img.rows != FASHION_SIDE || img.cols != FASHION_SIDE)
    problem = "pictures are not of 28 x 28 pixels";
else if (img.n != lab.n)
    problem = "the pictures and the labels are not as many";
for (int i = 0; !problem && i < lab.n; i++)
    if (lab.byte[i] >= FASHION_CLASSES)
        problem = "a label is not one of the ten kinds, 0 to 9";
if (problem) {
    snprintf(why, sizeof why, "%s and %s: %s (%d pictures of %d x %d,"
             " %d labels)", path[0], path[1], problem,
             img.n, img.rows, img.cols, lab.n);
    idx_free(&img);
    idx_free(&lab);
    return why;
}
#line 309 "chapters/10-captions.nw"
    f->n = img.n;
    f->pixel = img.byte;
    f->label = lab.byte;
    return NULL;
}

void fashion_free(Fashion *f)
{
    free(f->pixel);
    free(f->label);
    memset(f, 0, sizeof *f);
}
