#line 1227 "chapters/A-programs.nw"
/* loss-floor: the lowest smoothed cross-entropy, as LaTeX. */
#include "toolkit.h"

int main(int argc, char **argv)
{
    program_name = "loss-floor";
    int V = 21;
    double eps = 0.1;
    Option options[] = {
        {"--vocab", OPT_INT, &V, 2, 1e6, "target vocabulary"},
        {"--smoothing", OPT_REAL, &eps, 0, 1, "label smoothing"},
    };
    parse_options(argc, argv, options, 2,
                  "the lowest smoothed cross-entropy, as LaTeX");
    printf("%.4f%%\n", smoothed_loss_floor(V, eps));
    return 0;
}
