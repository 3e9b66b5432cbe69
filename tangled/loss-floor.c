#line 1273 "chapters/A-programs.nw"
/* loss-floor: the lowest smoothed cross-entropy, as LaTeX. */
#include "toolkit.h"

int main(int argc, char **argv)
{
    program_name = "loss-floor";
    int V = 21, digits = 4;
    double eps = 0.1;
    Option options[] = {
        {"--vocab", OPT_INT, &V, 2, 1e6, "target vocabulary"},
        {"--smoothing", OPT_REAL, &eps, 0, 1, "label smoothing"},
        {"--digits", OPT_INT, &digits, 1, 15, "decimals printed"},
    };
    parse_options(argc, argv, options, 3,
                  "the lowest smoothed cross-entropy, as LaTeX");
    printf("%.*f%%\n", digits, smoothed_loss_floor(V, eps));
    return 0;
}
