#line 66 "chapters/10-captions.nw"
/* image.c: images, and a small convolutional network to read them
   (chapter 10). */
#include "image.h"
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#line 135 "chapters/10-captions.nw"
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
#line 165 "chapters/10-captions.nw"
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
    
#line 201 "chapters/10-captions.nw"
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
#line 233 "chapters/10-captions.nw"
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
#line 177 "chapters/10-captions.nw"
    
#line 257 "chapters/10-captions.nw"
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
#line 178 "chapters/10-captions.nw"
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
#line 304 "chapters/10-captions.nw"
const char *const fashion_class[FASHION_CLASSES] = {
    "tshirt", "trouser", "pullover", "dress", "coat",
    "sandal", "shirt", "sneaker", "bag", "boot",
};
#line 314 "chapters/10-captions.nw"
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
        
#line 349 "chapters/10-captions.nw"
for (int k = 0; k < 2; k++)
    if (access(path[k], F_OK) && errno == ENOENT) {
        snprintf(why, sizeof why, "%s does not exist; Fashion-MNIST"
                 " is Debian's package %s: as root, run apt-get"
                 " install %s", path[k], FASHION_PACKAGE,
                 FASHION_PACKAGE);
        return why;
    }
#line 332 "chapters/10-captions.nw"
        return problem;
    }
    
#line 359 "chapters/10-captions.nw"
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
#line 335 "chapters/10-captions.nw"
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
#line 518 "chapters/10-captions.nw"
void im2col(real *P, const real *X, int N, int R, int C)
{
    for (int n = 0; n < N; n++)
        for (int y = 0; y < R; y++)
            for (int x = 0; x < R; x++) {
                real *row = P + (((size_t)n * R + y) * R + x) * 9 * C;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++, row += C) {
                        int yy = y + dy, xx = x + dx;
                        int in = yy >= 0 && yy < R
                                 && xx >= 0 && xx < R;
                        const real *px = X + (((size_t)n * R + yy) * R
                                              + xx) * C;
                        for (int c = 0; c < C; c++)
                            row[c] = in ? px[c] : 0;
                    }
            }
}
#line 539 "chapters/10-captions.nw"
void col2im(real *dX, const real *dP, int N, int R, int C)
{
    for (int n = 0; n < N; n++)
        for (int y = 0; y < R; y++)
            for (int x = 0; x < R; x++) {
                const real *row = dP + (((size_t)n * R + y) * R + x)
                                       * 9 * C;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++, row += C) {
                        int yy = y + dy, xx = x + dx;
                        if (yy < 0 || yy >= R || xx < 0 || xx >= R)
                            continue;
                        real *px = dX + (((size_t)n * R + yy) * R
                                         + xx) * C;
                        for (int c = 0; c < C; c++) px[c] += row[c];
                    }
            }
}
#line 561 "chapters/10-captions.nw"
void conv_forward(real *Y, real *P, const real *X, const real *W,
                  const real *b, int N, int R, int C_in, int C_out)
{
    im2col(P, X, N, R, C_in);
    linear_forward(Y, P, W, b, N * R * R, 9 * C_in, C_out);
}

void conv_backward(real *dX, real *dP, real *dW, real *db,
                   const real *dY, const real *P, const real *W,
                   int N, int R, int C_in, int C_out)
{
    size_t M = (size_t)N * R * R;
    if (dX) memset(dP, 0, sizeof(real) * M * 9 * C_in);
    linear_backward(dX ? dP : NULL, dW, db, dY, P, W, (int)M,
                    9 * C_in, C_out);
    if (dX) col2im(dX, dP, N, R, C_in);
}
#line 602 "chapters/10-captions.nw"
void relu_forward(real *Y, const real *X, size_t n)
{
    for (size_t i = 0; i < n; i++) Y[i] = X[i] > 0 ? X[i] : 0;
}

void relu_backward(real *d, const real *Y, size_t n)
{
    for (size_t i = 0; i < n; i++) d[i] = Y[i] > 0 ? d[i] : 0;
}
#line 615 "chapters/10-captions.nw"
void pool_forward(real *Y, int *arg, const real *X, int N, int R,
                  int C)
{
    int Q = R / 2;
    assert(R % 2 == 0);
    for (int n = 0; n < N; n++)
        for (int y = 0; y < Q; y++)
            for (int x = 0; x < Q; x++) {
                size_t o = (((size_t)n * Q + y) * Q + x) * C;
                for (int k = 0; k < 4; k++) {
                    size_t i = (((size_t)n * R + 2 * y + k / 2) * R
                                + 2 * x + k % 2) * C;
                    for (int c = 0; c < C; c++)
                        if (k == 0 || X[i + c] > Y[o + c]) {
                            Y[o + c] = X[i + c];
                            arg[o + c] = (int)(i + c);
                        }
                }
            }
}

void pool_backward(real *dX, const real *dY, const int *arg, size_t n)
{
    for (size_t o = 0; o < n; o++) dX[arg[o]] += dY[o];
}
#line 727 "chapters/10-captions.nw"
void net_create(ImageNet *net, int type, int C1, int Da,
                uint64_t seed)
{
    memset(net, 0, sizeof *net);
    net->type = type;
    net->Da = Da;
    int ch[NET_LAYERS + 1] = { 1, C1, 2 * C1, 4 * C1, Da };
    memcpy(net->channels, ch, sizeof ch);
    Params *p = &net->params;
    params_init(p);
    for (int l = 0; l < (type == NET_CNN ? NET_LAYERS : 1); l++) {
        char name[TENSOR_NAME_MAX];
        int rows = type == NET_CNN ? 9 * ch[l]
                                   : NET_STRIDE * NET_STRIDE;
        snprintf(name, sizeof name, "%s%d_W",
                 type == NET_CNN ? "conv" : "patch", l + 1);
        net->W[l] = params_add(p, name, rows, type == NET_CNN
                                              ? ch[l + 1] : Da);
        name[strlen(name) - 1] = 'b';
        net->b[l] = params_add(p, name, 1, type == NET_CNN
                                           ? ch[l + 1] : Da);
    }
    net->head_W = params_add(p, "head_W", Da, FASHION_CLASSES);
    net->head_b = params_add(p, "head_b", 1, FASHION_CLASSES);
    params_alloc(p);
    Rng rng;
    rng_seed(&rng, seed);
    if (type == NET_CNN)
        for (int l = 0; l < NET_LAYERS; l++)
            init_normal(param(p, net->W[l]),
                        (size_t)9 * ch[l] * ch[l + 1],
                        sqrt(2.0 / (9 * ch[l])), &rng);
    else
        init_xavier_uniform(param(p, net->W[0]),
                            NET_STRIDE * NET_STRIDE, Da, &rng);
    init_xavier_uniform(param(p, net->head_W), Da, FASHION_CLASSES,
                        &rng);
}

void net_free(ImageNet *net)
{
    params_free(&net->params);
}
#line 795 "chapters/10-captions.nw"
void net_run_alloc(NetRun *r, const ImageNet *net, int N, int R)
{
    memset(r, 0, sizeof *r);
    assert(R % NET_STRIDE == 0);
    r->N = N;
    r->R = R;
    r->G = R / NET_STRIDE;
    size_t cells = (size_t)N * r->G * r->G;
    if (net->type == NET_PATCH) {
        
#line 846 "chapters/10-captions.nw"
int K = NET_STRIDE * NET_STRIDE, Da = net->Da;
size_t sizes[3] = { cells * K, cells * Da, cells * Da };
real **arrays[3] = { &r->P[0], &r->out, &r->d_out };
alloc_parts(arrays, sizes, 3);
r->block = r->P[0];
#line 805 "chapters/10-captions.nw"
        return;
    }
    
#line 820 "chapters/10-captions.nw"
size_t sizes[6 * NET_LAYERS];
real **arrays[6 * NET_LAYERS];
size_t ints = 0;
for (int l = 0; l < NET_LAYERS; l++) {
    size_t px = (size_t)N * (R >> l) * (R >> l);
    int in = net->channels[l], out = net->channels[l + 1];
    size_t n[6] = { px * 9 * in, px * 9 * in, px * out, px * out,
                    px / 4 * out, px / 4 * out };
    real **a[6] = { &r->P[l], &r->dP[l], &r->A[l], &r->dA[l],
                    &r->M[l], &r->dM[l] };
    for (int k = 0; k < 6; k++) {
        sizes[6 * l + k] = n[k];
        arrays[6 * l + k] = a[k];
    }
    ints += px / 4 * out;
}
alloc_parts(arrays, sizes, 6 * NET_LAYERS);
r->block = r->P[0];
r->index = xcalloc(ints, sizeof(int));
for (int l = 0, *at = r->index; l < NET_LAYERS; l++) {
    r->arg[l] = at;
    at += (size_t)N * (R >> l) * (R >> l) / 4 * net->channels[l + 1];
}
#line 808 "chapters/10-captions.nw"
    r->out = r->M[NET_LAYERS - 1];
    r->d_out = r->dM[NET_LAYERS - 1];
}

void net_run_free(NetRun *r)
{
    free(r->block);
    free(r->index);
    memset(r, 0, sizeof *r);
}
#line 854 "chapters/10-captions.nw"
const real *net_forward(const ImageNet *net, NetRun *r, const real *X,
                        int N)
{
    const Params *p = &net->params;
    assert(N <= r->N);
    if (net->type == NET_PATCH) {
        
#line 881 "chapters/10-captions.nw"
int R = r->R, G = r->G, S = NET_STRIDE;
for (int n = 0; n < N; n++)
    for (int y = 0; y < G; y++)
        for (int x = 0; x < G; x++) {
            real *row = r->P[0]
                        + (((size_t)n * G + y) * G + x) * S * S;
            for (int dy = 0; dy < S; dy++)
                memcpy(row + dy * S,
                       X + ((size_t)n * R + S * y + dy) * R + S * x,
                       sizeof(real) * S);
        }
#line 861 "chapters/10-captions.nw"
        linear_forward(r->out, r->P[0], param(p, net->W[0]),
                       param(p, net->b[0]), N * r->G * r->G,
                       NET_STRIDE * NET_STRIDE, net->Da);
        return r->out;
    }
    const real *in = X;
    for (int l = 0; l < NET_LAYERS; l++) {
        int R = r->R >> l, C_in = net->channels[l];
        int C_out = net->channels[l + 1];
        conv_forward(r->A[l], r->P[l], in, param(p, net->W[l]),
                     param(p, net->b[l]), N, R, C_in, C_out);
        relu_forward(r->A[l], r->A[l], (size_t)N * R * R * C_out);
        pool_forward(r->M[l], r->arg[l], r->A[l], N, R, C_out);
        in = r->M[l];
    }
    return r->out;
}
#line 896 "chapters/10-captions.nw"
void net_backward(ImageNet *net, NetRun *r, int N)
{
    Params *p = &net->params;
    if (net->type == NET_PATCH) {
        linear_backward(NULL, param_grad(p, net->W[0]),
                        param_grad(p, net->b[0]), r->d_out, r->P[0],
                        param(p, net->W[0]), N * r->G * r->G,
                        NET_STRIDE * NET_STRIDE, net->Da);
        return;
    }
    for (int l = NET_LAYERS - 1; l >= 0; l--) {
        int R = r->R >> l, C_in = net->channels[l];
        int C_out = net->channels[l + 1];
        size_t px = (size_t)N * R * R;
        memset(r->dA[l], 0, sizeof(real) * px * C_out);
        pool_backward(r->dA[l], r->dM[l], r->arg[l], px / 4 * C_out);
        relu_backward(r->dA[l], r->A[l], px * C_out);
        real *dX = l > 0 ? r->dM[l - 1] : NULL;
        if (dX) memset(dX, 0, sizeof(real) * px * C_in);
        conv_backward(dX, r->dP[l], param_grad(p, net->W[l]),
                      param_grad(p, net->b[l]), r->dA[l], r->P[l],
                      param(p, net->W[l]), N, R, C_in, C_out);
    }
}
#line 956 "chapters/10-captions.nw"
void item_image(real *x, const unsigned char *pixel)
{
    int m = (CELL - FASHION_SIDE) / 2;
    memset(x, 0, sizeof(real) * CELL * CELL);
    for (int y = 0; y < FASHION_SIDE; y++)
        for (int c = 0; c < FASHION_SIDE; c++)
            x[(y + m) * CELL + c + m] =
                pixel[y * FASHION_SIDE + c] / (real)255;
}
#line 987 "chapters/10-captions.nw"
double head_forward(const ImageNet *net, Head *h,
                    const real *out, int N, int G)
{
    int Da = net->Da, L = G * G;
    for (int n = 0; n < N; n++)
        for (int k = 0; k < Da; k++) {
            real sum = 0;
            for (int l = 0; l < L; l++)
                sum += out[((size_t)n * L + l) * Da + k];
            h->mean[(size_t)n * Da + k] = sum / L;
        }
    const Params *p = &net->params;
    linear_forward(h->logits, h->mean, param(p, net->head_W),
                   param(p, net->head_b), N, Da, FASHION_CLASSES);
    int counted;
    double sum = cross_entropy_forward(h->prob, h->logits, h->label,
                                       N, FASHION_CLASSES, 0, -1,
                                       &counted);
    return sum / N;
}

void head_backward(ImageNet *net, Head *h, real *d_out, int N,
                   int G)
{
    int Da = net->Da, L = G * G, V = FASHION_CLASSES;
    Params *p = &net->params;
    memset(h->d_logits, 0, sizeof(real) * N * V);
    cross_entropy_backward(h->d_logits, h->prob, h->label, N, V, 0,
                           -1, 1.0 / N);
    memset(h->d_mean, 0, sizeof(real) * N * Da);
    linear_backward(h->d_mean, param_grad(p, net->head_W),
                    param_grad(p, net->head_b), h->d_logits, h->mean,
                    param(p, net->head_W), N, Da, V);
    for (int n = 0; n < N; n++)
        for (int l = 0; l < L; l++)
            for (int k = 0; k < Da; k++)
                d_out[((size_t)n * L + l) * Da + k] =
                    h->d_mean[(size_t)n * Da + k] / L;
}

void head_alloc(Head *h, int N, int Da)
{
    int V = FASHION_CLASSES;
    size_t sizes[5] = { (size_t)N * Da, (size_t)N * V, (size_t)N * V,
                        (size_t)N * V, (size_t)N * Da };
    real **arrays[5] = { &h->mean, &h->logits, &h->prob, &h->d_logits,
                         &h->d_mean };
    alloc_parts(arrays, sizes, 5);
    h->label = xcalloc(N, sizeof(int));
}

void head_free(Head *h)
{
    free(h->mean);
    free(h->label);
}
#line 1049 "chapters/10-captions.nw"
double net_train(ImageNet *net, const Fashion *f,
                 const NetTraining *t)
{
    int bs = t->batch, n = t->pictures < f->n ? t->pictures : f->n;
    int G = CELL / NET_STRIDE, px = FASHION_SIDE * FASHION_SIDE;
    NetRun r;
    net_run_alloc(&r, net, bs, CELL);
    Head h;
    head_alloc(&h, bs, net->Da);
    real *X = xcalloc((size_t)bs * CELL * CELL, sizeof(real));
    int *order = xcalloc(n, sizeof(int));
    for (int i = 0; i < n; i++) order[i] = i;
    Rng rng;
    rng_seed(&rng, t->seed);
    Adam opt;
    adam_init(&opt);
    double loss = 0;
    for (int e = 0; e < t->epochs; e++) {
        rng_shuffle(&rng, order, n);
        double sum = 0;
        int batches = 0;
        for (int start = 0; start + bs <= n; start += bs, batches++) {
            for (int i = 0; i < bs; i++) {
                int k = order[start + i];
                item_image(X + (size_t)i * CELL * CELL,
                           f->pixel + (size_t)k * px);
                h.label[i] = f->label[k];
            }
            params_zero_grad(&net->params);
            sum += head_forward(net, &h, net_forward(net, &r, X, bs),
                                bs, G);
            head_backward(net, &h, r.d_out, bs, G);
            net_backward(net, &r, bs);
            adam_step(&opt, &net->params, t->lr);
        }
        loss = batches ? sum / batches : NAN;
    }
    free(X);
    free(order);
    head_free(&h);
    net_run_free(&r);
    return loss;
}
#line 1096 "chapters/10-captions.nw"
double net_accuracy(const ImageNet *net, const Fashion *f, int n)
{
    enum { BS = 100 };
    int G = CELL / NET_STRIDE, px = FASHION_SIDE * FASHION_SIDE;
    NetRun r;
    net_run_alloc(&r, net, BS, CELL);
    Head h;
    head_alloc(&h, BS, net->Da);
    real *X = xcalloc((size_t)BS * CELL * CELL, sizeof(real));
    long right = 0;
    if (n > f->n) n = f->n;
    for (int start = 0; start < n; start += BS) {
        int count = n - start < BS ? n - start : BS;
        for (int i = 0; i < count; i++) {
            item_image(X + (size_t)i * CELL * CELL,
                       f->pixel + (size_t)(start + i) * px);
            h.label[i] = f->label[start + i];
        }
        head_forward(net, &h, net_forward(net, &r, X, count), count,
                     G);
        for (int i = 0; i < count; i++) {
            const real *z = h.logits + (size_t)i * FASHION_CLASSES;
            int best = 0;
            for (int k = 1; k < FASHION_CLASSES; k++)
                if (z[k] > z[best]) best = k;
            right += best == h.label[i];
        }
    }
    free(X);
    head_free(&h);
    net_run_free(&r);
    return n > 0 ? (double)right / n : 0;
}
