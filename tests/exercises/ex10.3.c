/* Check for exercise 10.3: the window of a location. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "image.h"

int ex_receptive_field(const int *kernel, const int *pool, int layers);

static void test_the_chapters_network_sees_46_pixels(void **s)
{
    (void)s;
    int kernel[NET_LAYERS] = { 3, 3, 3, 3 }, pool[NET_LAYERS] = {
        2, 2, 2, 2 };
    assert_int_equal(ex_receptive_field(kernel, pool, NET_LAYERS), 46);
}

/* by hand: one layer of 3 and 2 sees 4 pixels; a layer without
   pooling sees its kernel; 5 then 3 with a pooling of 2 after the
   second sees 5 + 2 + 1 = 8; VGG's first two blocks (two 3 x 3
   convolutions each, then a pooling of 2) see 16 */
static void test_other_networks(void **s)
{
    (void)s;
    int k1[1] = { 3 }, p1[1] = { 2 };
    assert_int_equal(ex_receptive_field(k1, p1, 1), 4);
    int k2[1] = { 7 }, p2[1] = { 1 };
    assert_int_equal(ex_receptive_field(k2, p2, 1), 7);
    int k3[2] = { 5, 3 }, p3[2] = { 1, 2 };
    assert_int_equal(ex_receptive_field(k3, p3, 2), 8);
    int k4[4] = { 3, 3, 3, 3 }, p4[4] = { 1, 2, 1, 2 };
    assert_int_equal(ex_receptive_field(k4, p4, 4), 16);
    assert_int_equal(ex_receptive_field(k4, p4, 0), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_chapters_network_sees_46_pixels),
        cmocka_unit_test(test_other_networks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
