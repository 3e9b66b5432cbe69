#line 1233 "chapters/A-programs.nw"
/* schedule: print the learning-rate schedule, one step a line. */
#include "toolkit.h"

int main(int argc, char **argv)
{
    program_name = "schedule";
    int pairs = 3000, batch = 64, epochs = 16, warmup_epochs = 0;
    double peak = 5e-3, lowest = 5e-3;
    
#line 1256 "chapters/A-programs.nw"
Option options[] = {
    {"--pairs", OPT_INT, &pairs, 1, 1e7, "training pairs"},
    {"--batch", OPT_INT, &batch, 1, 4096, "pairs per batch"},
    {"--epochs", OPT_INT, &epochs, 1, 1e4, "epochs"},
    {"--warmup-epochs", OPT_INT, &warmup_epochs, 0, 1e4,
     "epochs of linear warmup"},
    {"--peak", OPT_REAL, &peak, 0, 1, "rate at the peak"},
    {"--floor", OPT_REAL, &lowest, 0, 1, "rate at the end"},
};
parse_options(argc, argv, options, 6,
              "print the learning-rate schedule");
#line 1242 "chapters/A-programs.nw"
    long steps_per_epoch = (pairs + batch - 1) / batch;
    long total = steps_per_epoch * epochs;
    long warmup = steps_per_epoch * warmup_epochs;
    if (warmup >= total)
        refuse("--warmup-epochs %d leaves no step after warmup"
             " (--epochs is %d)", warmup_epochs, epochs);
    printf("# step epoch lr\n");
    for (long s = 0; s < total; s++)
        printf("%ld %.4f %.6g\n", s, (double)s / steps_per_epoch,
               lr_schedule(s, warmup, total, peak, lowest));
    return 0;
}
