/* Tests for chapter 10: the IDX reader, the convolutional network's
   layers and their gradients, the scenes and the captioner. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include "image.h"
#include "scene.h"
#include "captioner.h"
#include "families.h"
#include "align.h"
#define CHECKS 40
#include "model-check.h"

/* ---- files the tests write ------------------------------------ */

static char folder[64];

static void make_folder(void)
{
    strcpy(folder, "/tmp/am-idx-XXXXXX");
    assert_non_null(mkdtemp(folder));
}

static void remove_folder(void)
{
    static const char *const names[] = {
        "train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz",
        "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz",
        "x.gz", "y.gz" };
    char path[128];
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        snprintf(path, sizeof path, "%s/%s", folder, names[k]);
        unlink(path);
    }
    rmdir(folder);
}

static const char *in_folder(const char *name)
{
    static char path[128];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    return path;
}

/* the bytes of an IDX file: header, then n * rows * cols values
   byte(i) = (7 i + 3) mod 251 (labels: i mod 10) */
static unsigned char *idx_bytes(int dims, uint32_t n, uint32_t rows,
                                uint32_t cols, size_t *size)
{
    size_t values = (size_t)n * rows * cols, head = 4 + 4 * dims;
    unsigned char *b = calloc(head + values, 1);
    b[2] = 0x08;
    b[3] = (unsigned char)dims;
    uint32_t size_of[3] = { n, rows, cols };
    for (int d = 0; d < dims; d++)
        for (int k = 0; k < 4; k++)
            b[4 + 4 * d + k] = (unsigned char)(size_of[d] >> (24 - 8 * k));
    for (size_t i = 0; i < values; i++)
        b[head + i] = (unsigned char)(dims == 1 ? i % 10
                                                : (7 * i + 3) % 251);
    *size = head + values;
    return b;
}

static void write_gz(const char *path, const unsigned char *b,
                     size_t n)
{
    gzFile f = gzopen(path, "wb");
    assert_non_null(f);
    if (n) assert_int_equal(gzwrite(f, b, (unsigned)n), (int)n);
    assert_int_equal(gzclose(f), Z_OK);
}

static void write_plain(const char *path, const unsigned char *b,
                        size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

static unsigned char *read_whole(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    unsigned char *b = malloc(1 << 20);
    *n = fread(b, 1, 1 << 20, f);
    fclose(f);
    return b;
}

/* idx_read must refuse the file with a message containing `want` */
static void refused_with(const char *path, int dims, const char *want)
{
    Idx x;
    const char *why = idx_read(&x, path, dims);
    if (!why || !strstr(why, want))
        print_error("expected a refusal with '%s', got '%s'\n", want,
                    why ? why : "(read)");
    assert_non_null(why);
    assert_non_null(strstr(why, want));
    assert_null(x.byte);
}

/* ---- the IDX reader -------------------------------------------- */

/* five pictures and their labels, gzipped, read back byte for byte;
   an uncompressed file reads as well */
static void test_a_written_set_reads_back(void **s)
{
    (void)s;
    make_folder();
    size_t n_img, n_lab;
    unsigned char *img = idx_bytes(3, 5, 28, 28, &n_img);
    unsigned char *lab = idx_bytes(1, 5, 1, 1, &n_lab);
    write_gz(in_folder("train-images-idx3-ubyte.gz"), img, n_img);
    write_plain(in_folder("train-labels-idx1-ubyte.gz"), lab, n_lab);
    Fashion f;
    const char *why = fashion_read(&f, folder, 0);
    assert_null(why);
    assert_int_equal(f.n, 5);
    assert_memory_equal(f.pixel, img + 16, 5 * 28 * 28);
    assert_memory_equal(f.label, lab + 8, 5);
    fashion_free(&f);
    free(img);
    free(lab);
    remove_folder();
}

static void test_a_missing_package_is_named_with_its_command(void **s)
{
    (void)s;
    make_folder();                          /* an empty folder */
    Fashion f;
    const char *why = fashion_read(&f, folder, 1);
    assert_non_null(why);
    assert_non_null(strstr(why, "t10k-images-idx3-ubyte.gz does not"
                                " exist"));
    assert_non_null(strstr(why, "apt-get install"
                                " dataset-fashion-mnist"));
    remove_folder();
}

/* each damage has its own reason */
static void test_damaged_files_are_refused_each_with_its_reason(void **s)
{
    (void)s;
    make_folder();
    const char *x = in_folder("x.gz");
    char path[128];
    strcpy(path, x);
    size_t n;
    unsigned char *b = idx_bytes(3, 3, 4, 5, &n);
    b[1] = 1;                               /* magic */
    write_gz(path, b, n);
    refused_with(path, 3, "not an IDX file");
    b[1] = 0; b[2] = 0x0d;                  /* floats */
    write_gz(path, b, n);
    refused_with(path, 3, "values of type 0d");
    b[2] = 0x08;
    write_gz(path, b, n);
    refused_with(path, 1, "the header says 3 dimensions, not 1");
    b[4] = 0xff;                            /* 4 billion pictures */
    write_gz(path, b, n);
    refused_with(path, 3, "sizes 4278190083 x 4 x 5");
    b[4] = 0x7f;                            /* 2^31 of 4096 x 4096 */
    b[10] = 0x10; b[11] = 0; b[14] = 0x10; b[15] = 0;
    write_gz(path, b, n);
    refused_with(path, 3, "more than the limit");
    b[4] = 0; b[10] = 0; b[11] = 4; b[14] = 0; b[15] = 5;
    b[7] = 4;                               /* one picture more */
    write_gz(path, b, n);
    refused_with(path, 3, "truncated: 60 bytes of the 80");
    b[7] = 3;
    write_gz(path, b, n - 71);              /* a cut header */
    refused_with(path, 3, "truncated: 5 bytes, less than an IDX"
                          " header of 16");
    write_gz(path, b, 0);                   /* empty */
    refused_with(path, 3, "truncated: 0 bytes");
    unsigned char *more = calloc(n + 1, 1);
    memcpy(more, b, n);
    write_gz(path, more, n + 1);            /* a byte too many */
    refused_with(path, 3, "more bytes than the 60");
    free(more);
    write_gz(path, b, n);                   /* sound, then cut */
    size_t m;
    unsigned char *gz = read_whole(path, &m);
    write_plain(path, gz, m - 3);           /* inside the trailer */
    refused_with(path, 3, "damaged");
    write_plain(path, gz, m / 2);           /* inside the values */
    refused_with(path, 3, "truncated");
    gz[m / 2] ^= 0x40;                      /* a flipped bit */
    write_plain(path, gz, m);
    refused_with(path, 3, "damaged");
    free(gz);
    free(b);
    remove_folder();
}

static void test_pictures_and_labels_must_belong_together(void **s)
{
    (void)s;
    make_folder();
    size_t n_img, n_lab;
    unsigned char *img = idx_bytes(3, 5, 28, 28, &n_img);
    unsigned char *lab = idx_bytes(1, 4, 1, 1, &n_lab);
    write_gz(in_folder("train-images-idx3-ubyte.gz"), img, n_img);
    write_gz(in_folder("train-labels-idx1-ubyte.gz"), lab, n_lab);
    Fashion f;
    const char *why = fashion_read(&f, folder, 0);
    assert_non_null(why);
    assert_non_null(strstr(why, "not as many"));
    free(lab);
    lab = idx_bytes(1, 5, 1, 1, &n_lab);
    lab[8 + 3] = 10;                        /* an eleventh kind */
    write_gz(in_folder("train-labels-idx1-ubyte.gz"), lab, n_lab);
    why = fashion_read(&f, folder, 0);
    assert_non_null(why);
    assert_non_null(strstr(why, "not one of the ten"));
    free(img);
    img = idx_bytes(3, 5, 28, 27, &n_img);
    lab[8 + 3] = 3;
    write_gz(in_folder("train-images-idx3-ubyte.gz"), img, n_img);
    write_gz(in_folder("train-labels-idx1-ubyte.gz"), lab, n_lab);
    why = fashion_read(&f, folder, 0);
    assert_non_null(why);
    assert_non_null(strstr(why, "not of 28 x 28"));
    free(img);
    free(lab);
    remove_folder();
}

/* 2000 copies of a valid file, each with bytes changed, cut or
   added, gzipped or not: read whole, or refused with a reason */
static void test_random_damage_is_read_or_refused(void **s)
{
    (void)s;
    make_folder();
    const char *path = in_folder("y.gz");
    size_t n;
    unsigned char *b = idx_bytes(3, 2, 3, 4, &n);
    write_gz(path, b, n);
    size_t m;
    unsigned char *gz = read_whole(path, &m);
    Rng rng;
    rng_seed(&rng, 10);
    int read = 0, refused = 0;
    unsigned char buf[256];
    for (int k = 0; k < 2000; k++) {
        int plain = k % 2;
        const unsigned char *from = plain ? b : gz;
        size_t len = plain ? n : m;
        memcpy(buf, from, len);
        int what = rng_below(&rng, 3);
        if (what == 0)                      /* change 1 to 4 bytes */
            for (int j = 0, c = 1 + rng_below(&rng, 4); j < c; j++)
                buf[rng_below(&rng, (int)len)] =
                    (unsigned char)rng_below(&rng, 256);
        else if (what == 1)                 /* cut */
            len = (size_t)rng_below(&rng, (int)len);
        else                                /* add 1 to 8 bytes */
            for (int j = 0, c = 1 + rng_below(&rng, 8); j < c; j++)
                buf[len++] = (unsigned char)rng_below(&rng, 256);
        write_plain(path, buf, len);
        Idx x;
        const char *why = idx_read(&x, path, 3);
        if (why) {
            assert_true(strlen(why) > strlen(path) + 2);
            assert_null(x.byte);
            refused++;
        } else {
            assert_true(x.n >= 1 && x.rows >= 1 && x.cols >= 1);
            idx_free(&x);
            read++;
        }
    }
    assert_true(refused > 1000);
    assert_true(read > 0);              /* a changed value is fine */
    free(gz);
    free(b);
    remove_folder();
}

/* ---- the layers and the network --------------------------------- */

static void fill_normal(real *x, size_t n, Rng *rng)
{
    for (size_t i = 0; i < n; i++) x[i] = (real)rng_normal(rng);
}

static double dot(const real *x, const real *y, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++) s += x[i] * y[i];
    return s;
}

/* <im2col(X), Q> = <X, col2im(Q)>: the one is the other's transpose */
static void test_im2col_and_col2im_are_transposes(void **s)
{
    (void)s;
    enum { N = 2, R = 5, C = 3, K = 9 * C };
    Rng rng;
    rng_seed(&rng, 1);
    real X[N * R * R * C], Q[N * R * R * K], P[N * R * R * K];
    real dX[N * R * R * C] = { 0 };
    fill_normal(X, N * R * R * C, &rng);
    fill_normal(Q, N * R * R * K, &rng);
    im2col(P, X, N, R, C);
    col2im(dX, Q, N, R, C);
    double a = dot(P, Q, N * R * R * K), b = dot(X, dX, N * R * R * C);
    assert_true(fabs(a - b) <= 1e-12 * (fabs(a) + 1));
}

/* conv_forward against the seven loops of the definition */
static void test_convolution_is_its_formula(void **s)
{
    (void)s;
    enum { N = 2, R = 5, C = 3, F = 4 };
    Rng rng;
    rng_seed(&rng, 2);
    real X[N * R * R * C], W[9 * C * F], b[F], Y[N * R * R * F];
    real P[N * R * R * 9 * C];
    fill_normal(X, N * R * R * C, &rng);
    fill_normal(W, 9 * C * F, &rng);
    fill_normal(b, F, &rng);
    conv_forward(Y, P, X, W, b, N, R, C, F);
    for (int n = 0; n < N; n++)
        for (int y = 0; y < R; y++)
            for (int x = 0; x < R; x++)
                for (int f = 0; f < F; f++) {
                    double want = b[f];
                    for (int dy = -1; dy <= 1; dy++)
                        for (int dx = -1; dx <= 1; dx++)
                            for (int c = 0; c < C; c++) {
                                int yy = y + dy, xx = x + dx;
                                if (yy < 0 || yy >= R || xx < 0
                                    || xx >= R) continue;
                                int row = (3 * (dy + 1) + dx + 1) * C + c;
                                want += X[((n * R + yy) * R + xx) * C + c]
                                        * W[row * F + f];
                            }
                    double got = Y[((n * R + y) * R + x) * F + f];
                    assert_true(fabs(got - want) <= 1e-12);
                }
}

/* a layer's loss: a fixed random weighting of its output */
typedef struct {
    real *X, *W, *b, *Y, *P, *w, *A, *M;
    int *arg;
    int N, R, C, F, which;      /* 0 conv, 1 relu and pool */
} LayerCase;

static double layer_loss(void *ctx)
{
    LayerCase *c = ctx;
    size_t n = (size_t)c->N * c->R * c->R * c->F;
    if (c->which == 0) {
        conv_forward(c->Y, c->P, c->X, c->W, c->b, c->N, c->R, c->C,
                     c->F);
        return dot(c->Y, c->w, n);
    }
    relu_forward(c->A, c->X, (size_t)c->N * c->R * c->R * c->C);
    pool_forward(c->M, c->arg, c->A, c->N, c->R, c->C);
    return dot(c->M, c->w, n / 4);
}

static void test_convolution_matches_finite_differences(void **s)
{
    (void)s;
    enum { N = 2, R = 4, C = 3, F = 5 };
    Rng rng;
    rng_seed(&rng, 3);
    real X[N * R * R * C], W[9 * C * F], b[F], Y[N * R * R * F];
    real P[N * R * R * 9 * C], dP[N * R * R * 9 * C], w[N * R * R * F];
    real dX[N * R * R * C] = { 0 }, dW[9 * C * F] = { 0 }, db[F] = { 0 };
    fill_normal(X, N * R * R * C, &rng);
    fill_normal(W, 9 * C * F, &rng);
    fill_normal(b, F, &rng);
    fill_normal(w, N * R * R * F, &rng);
    LayerCase c = { X, W, b, Y, P, w, NULL, NULL, NULL, N, R, C, F, 0 };
    layer_loss(&c);
    conv_backward(dX, dP, dW, db, w, P, W, N, R, C, F);
    assert_int_equal(grad_check("conv_X", X, dX, N * R * R * C, 96,
                                layer_loss, &c), 0);
    assert_int_equal(grad_check("conv_W", W, dW, 9 * C * F, 135,
                                layer_loss, &c), 0);
    assert_int_equal(grad_check("conv_b", b, db, F, F, layer_loss, &c),
                     0);
}

/* random inputs keep away from the kinks: no zero, no tie */
static void test_relu_then_pooling_matches_finite_differences(void **s)
{
    (void)s;
    enum { N = 2, R = 6, C = 3 };
    Rng rng;
    rng_seed(&rng, 4);
    real X[N * R * R * C], A[N * R * R * C], M[N * R * R * C / 4];
    real w[N * R * R * C / 4], dA[N * R * R * C] = { 0 };
    int arg[N * R * R * C / 4];
    fill_normal(X, N * R * R * C, &rng);
    fill_normal(w, N * R * R * C / 4, &rng);
    LayerCase c = { X, NULL, NULL, NULL, NULL, w, A, M, arg, N, R, C,
                    C, 1 };
    layer_loss(&c);
    pool_backward(dA, w, arg, N * R * R * C / 4);
    relu_backward(dA, A, N * R * R * C);
    assert_int_equal(grad_check("relu_pool_X", X, dA, N * R * R * C,
                                N * R * R * C, layer_loss, &c), 0);
}

/* the whole network, each kind, every tensor of it, from a random
   weighting of its annotation vectors */
typedef struct { ImageNet *net; NetRun *r; real *X, *w; int N; } NetCase;

static double net_loss(void *ctx)
{
    NetCase *c = ctx;
    const real *out = net_forward(c->net, c->r, c->X, c->N);
    return dot(out, c->w, (size_t)c->N * c->r->G * c->r->G
                          * c->net->Da);
}

static void check_network(int kind)
{
    ImageNet net;
    net_create(&net, kind, 2, 3, 5);
    NetRun r;
    int N = 2, R = 32;
    net_run_alloc(&r, &net, N, R);
    Rng rng;
    rng_seed(&rng, 6);
    real *X = xcalloc((size_t)N * R * R, sizeof(real));
    size_t n = (size_t)N * r.G * r.G * net.Da;
    real *w = xcalloc(n, sizeof(real));
    for (int i = 0; i < N * R * R; i++) X[i] = (real)rng_uniform(&rng);
    fill_normal(w, n, &rng);
    NetCase c = { &net, &r, X, w, N };
    params_zero_grad(&net.params);
    net_forward(&net, &r, X, N);
    memcpy(r.d_out, w, n * sizeof(real));
    net_backward(&net, &r, N);
    for (int k = 0; k < net.params.n_tensors; k++) {
        const Tensor *t = &net.params.tensor[k];
        if (!strncmp(t->name, "head", 4)) continue;  /* checked below */
        assert_int_equal(grad_check(t->name, param(&net.params, k),
                                    param_grad(&net.params, k),
                                    (size_t)t->rows * t->cols, 60,
                                    net_loss, &c), 0);
    }
    free(X);
    free(w);
    net_run_free(&r);
    net_free(&net);
}

static void test_the_network_matches_finite_differences(void **s)
{
    (void)s;
    check_network(NET_CNN);
}

static void test_the_patch_embedding_matches_finite_differences(void **s)
{
    (void)s;
    check_network(NET_PATCH);
}

/* the classifier the network is trained as: the network, the mean
   over its locations and the head, with the loss of the labels;
   every tensor, the head's too, and so the head's backward pass and
   the gradient it spreads over the locations */
typedef struct { ImageNet *net; NetRun *r; Head *h; real *X; int N; }
ClassifierCase;

static double classifier_loss(void *ctx)
{
    ClassifierCase *c = ctx;
    return head_forward(c->net, c->h,
                        net_forward(c->net, c->r, c->X, c->N), c->N,
                        c->r->G);
}

static void check_classifier(int kind)
{
    ImageNet net;
    net_create(&net, kind, 2, 3, 7);
    NetRun r;
    int N = 3, R = 32;
    net_run_alloc(&r, &net, N, R);
    Head h;
    head_alloc(&h, N, net.Da);
    Rng rng;
    rng_seed(&rng, 8);
    real *X = xcalloc((size_t)N * R * R, sizeof(real));
    for (int i = 0; i < N * R * R; i++) X[i] = (real)rng_uniform(&rng);
    for (int i = 0; i < N; i++) h.label[i] = 3 * i + 1;
    ClassifierCase c = { &net, &r, &h, X, N };
    params_zero_grad(&net.params);
    classifier_loss(&c);
    head_backward(&net, &h, r.d_out, N, r.G);
    net_backward(&net, &r, N);
    for (int k = 0; k < net.params.n_tensors; k++) {
        const Tensor *t = &net.params.tensor[k];
        assert_int_equal(grad_check(t->name, param(&net.params, k),
                                    param_grad(&net.params, k),
                                    (size_t)t->rows * t->cols, 60,
                                    classifier_loss, &c), 0);
    }
    free(X);
    head_free(&h);
    net_run_free(&r);
    net_free(&net);
}

static void test_the_classifier_matches_finite_differences(void **s)
{
    (void)s;
    check_classifier(NET_CNN);
    check_classifier(NET_PATCH);
}

/* a location's vector depends on the 46 x 46 pixels around its
   16 x 16 block, and on no other: location (2, 2) of a 96 x 96
   picture, block 32..47, sees columns 17..62; a change of a pixel
   outside them changes nothing, and some pixels beyond the block
   on either side change it (max pooling passes on some pixels of
   the window, not all) */
static void test_a_location_sees_46_pixels(void **s)
{
    (void)s;
    ImageNet net;
    net_create(&net, NET_CNN, 2, 3, 8);
    NetRun r;
    enum { R = 96, G = R / NET_STRIDE };
    net_run_alloc(&r, &net, 1, R);
    Rng rng;
    rng_seed(&rng, 9);
    real *X = xcalloc(R * R, sizeof(real));
    real before[3], after[3];
    for (int i = 0; i < R * R; i++) X[i] = (real)rng_uniform(&rng);
    int loc = (2 * G + 2) * 3;
    memcpy(before, net_forward(&net, &r, X, 1) + loc, sizeof before);
    int changed[R] = { 0 };
    for (int col = 0; col < R; col++) {
        real keep = X[40 * R + col];
        X[40 * R + col] = keep + 5;
        memcpy(after, net_forward(&net, &r, X, 1) + loc, sizeof after);
        X[40 * R + col] = keep;
        changed[col] = memcmp(before, after, sizeof before) != 0;
    }
    int left = 0, right = 0;    /* changed columns beyond its block */
    for (int col = 0; col < R; col++) {
        if (col < 17 || col > 62) assert_false(changed[col]);
        left += col < 32 && changed[col];
        right += col > 47 && changed[col];
    }
    assert_true(left > 0 && right > 0);
    free(X);
    net_run_free(&r);
    net_free(&net);
}

/* ---- scenes ------------------------------------------------------ */

/* a set of `n` pictures in memory: picture i is of kind i % 10, its
   pixels random */
static Fashion small_set(int n)
{
    Fashion f = { n, xcalloc((size_t)n * 784, 1), xcalloc(n, 1) };
    Rng rng;
    rng_seed(&rng, 11);
    for (int i = 0; i < n; i++) {
        f.label[i] = (unsigned char)(i % 10);
        for (int k = 0; k < 784; k++)
            f.pixel[(size_t)i * 784 + k] = (unsigned char)rng_below(&rng, 256);
    }
    return f;
}

static void test_scenes_are_in_reading_order_with_distinct_kinds(void **s)
{
    (void)s;
    Fashion f = small_set(30);
    Rng rng;
    rng_seed(&rng, 12);
    int seen[MAX_ITEMS + 1] = { 0 };
    for (int k = 0; k < 1000; k++) {
        Scene sc;
        scene_draw(&sc, &f, 1, MAX_ITEMS, &rng);
        assert_true(sc.items >= 1 && sc.items <= MAX_ITEMS);
        seen[sc.items]++;
        unsigned kinds = 0;
        for (int i = 0; i < sc.items; i++) {
            assert_true(sc.cell[i] >= 0 && sc.cell[i] < 9);
            if (i) assert_true(sc.cell[i] > sc.cell[i - 1]);
            int kind = f.label[sc.picture[i]];
            assert_false(kinds >> kind & 1);
            kinds |= 1u << kind;
        }
    }
    for (int n = 1; n <= MAX_ITEMS; n++) assert_true(seen[n] > 150);
    fashion_free(&f);
}

/* the gold of each word is the 2 x 2 locations of its cell */
static void test_a_words_gold_is_the_four_locations_of_its_cell(void **s)
{
    (void)s;
    Scene sc = { 3, { 0, 4, 8 }, { 0, 1, 2 } };
    Link link[12];
    assert_int_equal(scene_links(link, &sc), 12);
    int want[3][4] = { { 0, 1, 6, 7 }, { 14, 15, 20, 21 },
                       { 28, 29, 34, 35 } };
    for (int w = 0; w < 3; w++)
        for (int k = 0; k < 4; k++) {
            assert_int_equal(link[4 * w + k].tgt, w + 1);
            assert_int_equal(link[4 * w + k].src, want[w][k]);
            assert_int_equal(link[4 * w + k].sure, 1);
        }
}

/* a scene's row: L tokens of source, the caption, the gold, and the
   network's output on its canvas as its features */
static void test_a_scene_dataset_holds_caption_gold_and_features(void **s)
{
    (void)s;
    Fashion f = small_set(20);
    Scene sc[2] = { { 2, { 1, 5 }, { 3, 18 } },     /* dress, bag */
                    { 1, { 8 }, { 7 } } };          /* sneaker */
    ImageNet net;
    net_create(&net, NET_CNN, 2, 3, 13);
    Dataset d;
    scene_dataset(&d, sc, 2, &f, &net);
    assert_int_equal(d.L, LOCATIONS);
    assert_int_equal(d.src_len[0], LOCATIONS);
    assert_int_equal(d.tgt_len[0], 4);
    Vocab v;
    vocab_build(&v, &scene_task, TARGET);
    assert_string_equal(v.word[d.tgt[1]], "dress");
    assert_string_equal(v.word[d.tgt[2]], "bag");
    assert_int_equal(d.tgt[3], EOS);
    assert_string_equal(v.word[d.tgt[LOCATIONS + 1]], "sneaker");
    vocab_free(&v);
    int n;
    const Link *l = pair_links(&d, 1, &n);
    assert_int_equal(n, 4);
    assert_int_equal(l[0].src, 4 * GRID + 4);
    NetRun r;
    net_run_alloc(&r, &net, 1, CANVAS);
    real *X = xcalloc(CANVAS * CANVAS, sizeof(real));
    scene_canvas(X, &sc[1], &f);
    const real *out = net_forward(&net, &r, X, 1);
    assert_int_equal(d.feat_size, LOCATIONS * 3);
    assert_memory_equal(d.feat + d.feat_size, out,
                        sizeof(real) * d.feat_size);
    free(X);
    net_run_free(&r);
    net_free(&net);
    dataset_free(&d);
    fashion_free(&f);
}

/* each picture in the middle of its cell, 2 black pixels around it,
   and black where there is none */
static void test_a_canvas_holds_each_picture_in_its_cell(void **s)
{
    (void)s;
    Fashion f = small_set(20);
    Scene sc = { 2, { 1, 5 }, { 3, 18 } };
    real *X = xcalloc(CANVAS * CANVAS, sizeof(real));
    scene_canvas(X, &sc, &f);
    double drawn = 0;
    for (int y = 0; y < CANVAS; y++)
        for (int x = 0; x < CANVAS; x++) {
            double want = 0;
            for (int i = 0; i < sc.items; i++) {
                int py = y - sc.cell[i] / CELLS * CELL - 2;
                int px = x - sc.cell[i] % CELLS * CELL - 2;
                if (py >= 0 && py < FASHION_SIDE && px >= 0
                    && px < FASHION_SIDE)
                    want = f.pixel[((size_t)sc.picture[i] * FASHION_SIDE
                                    + py) * FASHION_SIDE + px] / 255.0;
            }
            assert_true(fabs(X[y * CANVAS + x] - want) < 1e-6);
            drawn += want;
        }
    assert_true(drawn > 0);
    free(X);
    fashion_free(&f);
}

/* scene_text: the table of cells, then a map per word with its
   gold cell's sides and the weight inside it */
static void test_scene_text_matches_its_golden_output(void **s)
{
    (void)s;
    Fashion f = small_set(20);
    Scene sc = { 2, { 0, 4 }, { 3, 18 } };          /* dress, bag */
    real w[3 * LOCATIONS] = { 0 };
    w[0] = 1;                           /* dress: all in its cell */
    w[LOCATIONS + 14] = 0.5;            /* bag: half in its cell */
    w[LOCATIONS + 35] = 0.5;
    for (int i = 0; i < LOCATIONS; i++)
        w[2 * LOCATIONS + i] = (real)1 / LOCATIONS;     /* <eos> */
    const char *word[3] = { "dress", "bag", "<eos>" };
    char buf[4096] = { 0 };
    FILE *out = fmemopen(buf, sizeof buf - 1, "w");
    scene_text(out, &sc, &f, word, w, 3);
    fclose(out);
    const char *golden =
        "dress     .         .         \n"
        ".         bag       .         \n"
        ".         .         .         \n"
        "\n"
        "dress 1.00       bag 0.50         <eos>            \n"
        ">██··<····|····   ····|····|····   ····|····|····  \n"
        ">····<····|····   ····|····|····   ····|····|····  \n"
        " ----+----+----   ----+----+----   ----+----+----  \n"
        " ····|····|····   ····>▒▒··<····   ····|····|····  \n"
        " ····|····|····   ····>····<····   ····|····|····  \n"
        " ----+----+----   ----+----+----   ----+----+----  \n"
        " ····|····|····   ····|····|····   ····|····|····  \n"
        " ····|····|····   ····|····|··▒▒   ····|····|····  \n"
        "\n";
    assert_string_equal(buf, golden);
    fashion_free(&f);
}

/* ---- the captioner ---------------------------------------------- */

/* five scenes with random annotation vectors of H numbers, captions
   of 1 to 4 words */
static void small_scenes(Dataset *d, Batch *b, int H)
{
    Fashion f = small_set(20);
    Rng rng;
    rng_seed(&rng, 14);
    Scene sc[5];
    for (int i = 0; i < 5; i++) scene_draw(&sc[i], &f, 1, 4, &rng);
    ImageNet net;
    net_create(&net, NET_PATCH, 1, H, 15);
    scene_dataset(d, sc, 5, &f, &net);
    for (int i = 0; i < 5 * d->feat_size; i++)
        d->feat[i] = (real)rng_normal(&rng);
    int rows[5] = { 0, 1, 2, 3, 4 };
    batch_alloc(b, 5, d->L);
    batch_fill(b, d, rows, 5);
    net_free(&net);
    fashion_free(&f);
}

static Model *small_captioner(int attention, double lambda, int pos)
{
    ModelConfig mc = captioner_config_default();
    mc.E = 3;
    mc.H = 4;
    mc.attention = attention;
    mc.lambda = lambda;
    mc.positional = pos;
    return model_create(&mc, 5, LOCATIONS, 16);
}

/* every tensor of every variant, with the penalty and without, and
   without positions */
static void test_the_captioner_matches_finite_differences(void **s)
{
    (void)s;
    Dataset d;
    Batch b;
    small_scenes(&d, &b, 4);
    for (int v = ATTN_NONE; v <= ATTN_ADDITIVE; v++)
        for (int k = 0; k < 3; k++) {
            Model *m = small_captioner(v, k == 1 ? 0.5 : 0, k < 2);
            assert_int_equal(check_every_tensor(m, &b), 0);
            model_free(m);
        }
    batch_free(&b);
    dataset_free(&d);
}

/* the loss with lambda is the loss without it plus lambda times
   eq. 14's sum, over the batch's target tokens */
static void test_the_penalty_is_eq_14(void **s)
{
    (void)s;
    Dataset d;
    Batch b;
    small_scenes(&d, &b, 4);
    Model *m = small_captioner(ATTN_DOT, 0, 1);
    double plain = model_forward(m, &b);
    int T = b.T - 1, L = LOCATIONS, tokens = 0;
    double sum = 0;
    for (int r = 0; r < b.B; r++) {
        int steps = b.tgt_len[r] - 1;
        tokens += steps;
        for (int i = 0; i < L; i++) {
            double seen = 0;
            for (int t = 0; t < steps; t++)
                seen += m->weights[((size_t)r * T + t) * L + i];
            sum += (1 - seen) * (1 - seen);
        }
    }
    m->cfg.lambda = 0.3;
    double with = model_forward(m, &b);
    assert_true(fabs(with - plain - 0.3 * sum / tokens) < 1e-12);
    model_free(m);
    batch_free(&b);
    dataset_free(&d);
}

/* the programs of text never see the captioner's variants */
static void test_the_captioner_has_no_kinds_of_text(void **s)
{
    (void)s;
    assert_ptr_equal(family_named("captioner"), &captioner_family);
    for (int k = 0; kind_name(k); k++) {
        ModelConfig mc = model_config_default();
        kind_config(&mc, k);
        assert_ptr_not_equal(mc.family, &captioner_family);
    }
    assert_int_equal(captioner_variant_from_name("additive"),
                     ATTN_ADDITIVE);
}

/* its estimate of memory is what it allocates, within 3% */
static void test_the_captioner_allocates_what_it_estimates(void **s)
{
    (void)s;
    for (int v = ATTN_NONE; v <= ATTN_ADDITIVE; v++) {
        ModelConfig mc = captioner_config_default();
        mc.attention = v;
        size_t before = bytes_allocated;
        Model *m = model_create(&mc, 32, LOCATIONS, 1);
        double used = (double)(bytes_allocated - before);
        double estimate = captioner_family.bytes(&mc, 32, LOCATIONS);
        assert_true(fabs(estimate - used) <= 0.03 * used);
        assert_int_equal(m->params.count,
                         captioner_family.param_count(&mc));
        model_free(m);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_written_set_reads_back),
        cmocka_unit_test(test_a_missing_package_is_named_with_its_command),
        cmocka_unit_test(
            test_damaged_files_are_refused_each_with_its_reason),
        cmocka_unit_test(test_pictures_and_labels_must_belong_together),
        cmocka_unit_test(test_random_damage_is_read_or_refused),
        cmocka_unit_test(test_im2col_and_col2im_are_transposes),
        cmocka_unit_test(test_convolution_is_its_formula),
        cmocka_unit_test(test_convolution_matches_finite_differences),
        cmocka_unit_test(
            test_relu_then_pooling_matches_finite_differences),
        cmocka_unit_test(test_the_network_matches_finite_differences),
        cmocka_unit_test(
            test_the_patch_embedding_matches_finite_differences),
        cmocka_unit_test(test_the_classifier_matches_finite_differences),
        cmocka_unit_test(test_a_location_sees_46_pixels),
        cmocka_unit_test(
            test_scenes_are_in_reading_order_with_distinct_kinds),
        cmocka_unit_test(
            test_a_words_gold_is_the_four_locations_of_its_cell),
        cmocka_unit_test(
            test_a_scene_dataset_holds_caption_gold_and_features),
        cmocka_unit_test(test_a_canvas_holds_each_picture_in_its_cell),
        cmocka_unit_test(test_scene_text_matches_its_golden_output),
        cmocka_unit_test(test_the_captioner_matches_finite_differences),
        cmocka_unit_test(test_the_penalty_is_eq_14),
        cmocka_unit_test(test_the_captioner_has_no_kinds_of_text),
        cmocka_unit_test(
            test_the_captioner_allocates_what_it_estimates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
