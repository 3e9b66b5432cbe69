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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_written_set_reads_back),
        cmocka_unit_test(test_a_missing_package_is_named_with_its_command),
        cmocka_unit_test(
            test_damaged_files_are_refused_each_with_its_reason),
        cmocka_unit_test(test_pictures_and_labels_must_belong_together),
        cmocka_unit_test(test_random_damage_is_read_or_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
