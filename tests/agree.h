/* agree.h: appendix B's tests of a fast kernel against the plain
   version of its chapter. The two sum in different orders: they
   agree within FAST_PLAIN_RTOL of the largest magnitude compared.
   Include after cmocka.h and math.h. */
#define FAST_PLAIN_RTOL 1e-12

static void assert_agree(const char *what, const real *fast,
                         const real *plain, size_t n)
{
    double big = 0;
    for (size_t i = 0; i < n; i++)
        if (fabs(plain[i]) > big) big = fabs(plain[i]);
    for (size_t i = 0; i < n; i++)
        if (fabs(fast[i] - plain[i]) > FAST_PLAIN_RTOL * (1 + big))
            fail_msg("%s[%zu]: fast %.17g, plain %.17g", what, i,
                     fast[i], plain[i]);
}
