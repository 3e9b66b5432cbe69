#line 3989 "chapters/A-programs.nw"
/* tasks.c: the book's tasks, by name (chapter 9, appendix A). */
#include "tasks.h"
#include "spanish.h"
#include "documents.h"
#include <string.h>

static const Task *const known_task[] = { &reversal_task,
                                          &spanish_task,
                                          &documents_task };
enum { KNOWN_TASKS = sizeof known_task / sizeof *known_task };

const Task *task_from_name(const char *name)
{
    char list[256] = "";
    for (int k = 0; k < KNOWN_TASKS; k++) {
        if (!strcmp(name, known_task[k]->name)) return known_task[k];
        strcat(strcat(list, " "), known_task[k]->name);
    }
    refuse("--task: '%s' is not a task; the tasks are:%s",
           shown(name), list);
}
#line 4013 "chapters/A-programs.nw"
int task_vocab_size(const Task *t, int side)
{
    Vocab v;
    vocab_build(&v, t, side);
    int V = v.size;
    vocab_free(&v);
    return V;
}
