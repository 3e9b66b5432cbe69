#line 82 "chapters/01-toolkit.nw"
/* toolkit.c: the numerical toolkit of chapter 1. */
#include "toolkit.h"
#line 117 "chapters/01-toolkit.nw"
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <tgmath.h>
#include <time.h>
#line 988 "chapters/A-programs.nw"
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#line 2758 "chapters/B-fast.nw"
#include <pthread.h>
#include <unistd.h>
#line 56 "chapters/A-programs.nw"
const char *program_name = "attention";
static void check_stdout(void);     /* in the companion */
static int failing;                 /* refuse or die was called */
static size_t utf8_length(const char *s);   /* companion */

static void say(const char *fmt, va_list ap)
{
    char msg[600];
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    if (n >= (int)sizeof msg)
        strcpy(msg + sizeof msg - 32, "... (message cut)");
    fprintf(stderr, "%s: %s\n", program_name, msg);
}

_Noreturn void refuse(const char *fmt, ...)
{
    va_list ap;
    failing = 1;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
    exit(EXIT_USAGE);
}

_Noreturn void die(const char *fmt, ...)
{
    va_list ap;
    failing = 1;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
    exit(EXIT_FAILURE);
}
#line 104 "chapters/A-programs.nw"
_Thread_local size_t bytes_allocated = 0;

void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p)
        refuse("out of memory: cannot allocate %zu x %zu bytes"
               " (%.3g GB)", count, size, (double)count * size / 1e9);
    bytes_allocated += count * size;
    return p;
}
#line 149 "chapters/A-programs.nw"
const char *shown(const char *text)
{
    enum { KEEP = 40, SIZE = 4 * KEEP + 48 };
    static char buf[4][SIZE];
    static int next;
    char *out = buf[next], *o = out;
    next = (next + 1) % 4;
    size_t i = 0, len = strlen(text);
    while (text[i] && i < KEEP) {
        unsigned char c = (unsigned char)text[i];
        size_t n = c < 0x80 ? 1 : utf8_length(text + i);
        if (n > 1) {
            memcpy(o, text + i, n);     /* a whole character */
            o += n;
            i += n;
            continue;
        }
        
#line 175 "chapters/A-programs.nw"
if (c == '\n') o += sprintf(o, "\\n");
else if (c == '\r') o += sprintf(o, "\\r");
else if (c == '\t') o += sprintf(o, "\\t");
else if (c < 0x20 || c >= 0x7f) o += sprintf(o, "\\x%02x", c);
else *o++ = (char)c;
#line 167 "chapters/A-programs.nw"
        i++;
    }
    if (i < len) sprintf(o, "... (%zu bytes in all)", len);
    else *o = '\0';
    return out;
}
#line 187 "chapters/A-programs.nw"
static size_t utf8_length(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = u[0] >= 0xf0 ? 4 : u[0] >= 0xe0 ? 3 : 2;
    if (u[0] < 0xc2 || u[0] > 0xf4) return 0;
    for (size_t k = 1; k < n; k++)
        if ((u[k] & 0xc0) != 0x80) return 0;
    if ((u[0] == 0xe0 && u[1] < 0xa0)       /* too many bytes */
        || (u[0] == 0xf0 && u[1] < 0x90)
        || (u[0] == 0xed && u[1] >= 0xa0)   /* a surrogate */
        || (u[0] == 0xf4 && u[1] >= 0x90)   /* above U+10FFFF */
        || (u[0] == 0xc2 && u[1] < 0xa0))   /* a C1 control */
        return 0;
    return n;
}
#line 212 "chapters/A-programs.nw"
static double read_number(const char *option, const char *text,
                          const char *what)
{
    if (!*text) refuse("%s needs a value, and '' is empty", option);
    size_t good = strspn(text, "0123456789+-.eE");
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    int tiny = errno == ERANGE && fabs(value) <= DBL_MIN;
    if (text[good] || end == text || *end)
        refuse("%s expects %s, not '%s'", option, what, shown(text));
    if (errno == ERANGE && !tiny)
        refuse("%s %s is out of range", option, shown(text));
    return value;
}
#line 233 "chapters/A-programs.nw"
static void check_range(const char *option, const char *text,
                        double value, double min, double max)
{
    if (value < min || value > max)
        refuse("%s %s is out of range: expected %.10g to %.10g",
               option, shown(text), min, max);
}

long parse_long(const char *option, const char *text,
                long min, long max)
{
    double value = read_number(option, text, "a whole number");
    if (value != floor(value))
        refuse("%s expects a whole number, not '%s'", option,
               shown(text));
    check_range(option, text, value, (double)min, (double)max);
    return (long)value;
}

double parse_double(const char *option, const char *text,
                    double min, double max)
{
    double value = read_number(option, text, "a number");
    check_range(option, text, value, min, max);
    return value;
}
#line 287 "chapters/A-programs.nw"
void parse_options(int argc, char **argv, const Option *opt,
                   int n_opt, const char *summary)
{
    
#line 965 "chapters/A-programs.nw"
signal(SIGPIPE, SIG_IGN);
atexit(check_stdout);
#line 291 "chapters/A-programs.nw"
    char *given = xcalloc(n_opt + 1, 1);
    int width = 2;                  /* a name and a value; a flag 1 */
    for (int i = 1; i < argc; i += width) {
        if (!strcmp(argv[i], "--help")) {
            
#line 352 "chapters/A-programs.nw"
printf("%s: %s\nusage: %s [option value]...\n", program_name,
       summary, program_name);
for (int k = 0; k < n_opt; k++) {
    printf("  %-18s %s", opt[k].name, opt[k].help);
    if (opt[k].kind == OPT_INT)
        printf(" (%.10g to %.10g, default %d)", opt[k].min,
               opt[k].max, *(int *)opt[k].value);
    else if (opt[k].kind == OPT_REAL)
        printf(" (%.10g to %.10g, default %g)", opt[k].min,
               opt[k].max, *(double *)opt[k].value);
    else if (opt[k].kind == OPT_FLAG)
        printf(" (a flag: no value)");
    else if (*(const char **)opt[k].value)
        printf(" (default %s)",
               *(const char **)opt[k].value);
    printf("\n");
}
#line 296 "chapters/A-programs.nw"
            exit(0);
        }
        int k = 0;
        while (k < n_opt && strcmp(argv[i], opt[k].name)) k++;
        if (k == n_opt)
            refuse("unknown option '%s' (try --help)",
                   shown(argv[i]));
        width = opt[k].kind == OPT_FLAG ? 1 : 2;
        if (width == 2 && i + 1 == argc)
            refuse("%s needs a value (try --help)", argv[i]);
        if (given[k]++)
            refuse("%s is given twice; give it once", argv[i]);
        
#line 330 "chapters/A-programs.nw"
const char *text = argv[i + 1];
switch (opt[k].kind) {
case OPT_INT:
    *(int *)opt[k].value = (int)parse_long(
        opt[k].name, text, (long)opt[k].min, (long)opt[k].max);
    break;
case OPT_REAL:
    *(double *)opt[k].value = parse_double(
        opt[k].name, text, opt[k].min, opt[k].max);
    break;
case OPT_TEXT:
    if (!*text)
        refuse("%s needs a value, and '' is empty", opt[k].name);
    *(const char **)opt[k].value = text;
    break;
case OPT_FLAG:
    *(int *)opt[k].value = 1;
    break;
}
#line 309 "chapters/A-programs.nw"
    }
    free(given);
}
#line 321 "chapters/A-programs.nw"
int option_given(int argc, char **argv, const char *name)
{
    for (int i = 1; i < argc; i += 2)
        if (!strcmp(argv[i], name)) return 1;
    return 0;
}
#line 382 "chapters/A-programs.nw"
int split_list(char *buf, size_t size, const char *option,
               const char *list, char **item, int max)
{
    if (strlen(list) >= size)
        refuse("%s is too long: %zu characters, at most %zu", option,
               strlen(list), size - 1);
    strcpy(buf, list);
    int n = 0;
    for (char *s = buf;;) {
        char *comma = strchr(s, ',');
        if (comma) *comma = '\0';
        if (!*s)
            refuse("%s '%s' has an empty item", option, shown(list));
        if (n == max)
            refuse("%s lists more than %d items", option, max);
        for (int k = 0; k < n; k++)
            if (!strcmp(item[k], s))
                refuse("%s lists '%s' twice", option, shown(s));
        item[n++] = s;
        if (!comma) return n;
        s = comma + 1;
    }
}
#line 486 "chapters/A-programs.nw"
enum { MAX_OUTPUTS = 128 };
static const char *planned[MAX_OUTPUTS];
static int n_planned;
#line 512 "chapters/A-programs.nw"
static char *out_target(const char *path, int *open_fd);
static const char *out_refusal(const char *target, struct stat *st,
                               int *stream);
static size_t name_max(const char *target, size_t dir);
static char *temp_path(const char *target);
static void watch_signals(void);
static int in_fd_folder(const char *p);
static char *volatile plan_tmp;     /* out_plan's test file */

#line 491 "chapters/A-programs.nw"
void out_plan(const char *option, const char *path)
{
    watch_signals();
    int open_fd = 0, stream = 0;
    char *target = out_target(path, &open_fd);
    struct stat st;
    const char *why = target ? out_refusal(target, &st, &stream)
                             : strerror(errno);
    if (why)
        refuse("%s: cannot write '%s': %s", option, shown(path), why);
    stream |= open_fd;
    if (stream && access(target, W_OK))
        refuse("%s: cannot write '%s': %s", option, shown(path),
               strerror(errno));
    if (!stream) 
#line 527 "chapters/A-programs.nw"
{
    for (int i = 0; i < n_planned; i++)
        if (!strcmp(planned[i], target))
            refuse("%s '%s': another output has the same name",
                   option, shown(path));
    const char *slash = strrchr(target, '/');
    size_t dir = slash ? (size_t)(slash - target) + 1 : 0;
    if (strlen(target) - dir > name_max(target, dir))
        refuse("%s: cannot write '%s': %s", option, shown(path),
               strerror(ENAMETOOLONG));
    
#line 546 "chapters/A-programs.nw"
char *tmp = temp_path(target);
plan_tmp = tmp;
int fd = mkstemp(tmp);
if (fd < 0) {
    int err = errno;
    plan_tmp = NULL;
    refuse("%s: cannot write '%s': %s", option, shown(path),
           strerror(err));
}
close(fd);
unlink(tmp);
plan_tmp = NULL;
free(tmp);
#line 538 "chapters/A-programs.nw"
    assert(n_planned < MAX_OUTPUTS);
    planned[n_planned++] = target;
}
#line 506 "chapters/A-programs.nw"
}
#line 571 "chapters/A-programs.nw"
static char *out_target(const char *path, int *open_fd)
{
    char *p = out_name(path, "");
    for (int hops = 0; hops < 40; hops++) {
        struct stat st;
        if (lstat(p, &st) || !S_ISLNK(st.st_mode)) return p;
        if ((*open_fd = in_fd_folder(p))) return p;
        
#line 604 "chapters/A-programs.nw"
char link[4096];
ssize_t n = readlink(p, link, sizeof link);
if (n < 0 || n == (ssize_t)sizeof link) {
    free(p);
    errno = n < 0 ? errno : ENAMETOOLONG;
    return NULL;
}
link[n] = '\0';
const char *slash = strrchr(p, '/');
size_t dir = link[0] == '/' || !slash ? 0 : (size_t)(slash - p) + 1;
char *next = xcalloc(dir + (size_t)n + 1, 1);
memcpy(next, p, dir);
strcpy(next + dir, link);
free(p);
p = next;
#line 579 "chapters/A-programs.nw"
    }
    free(p);
    errno = ELOOP;
    return NULL;
}
#line 590 "chapters/A-programs.nw"
static int in_fd_folder(const char *p)
{
    const char *slash = strrchr(p, '/');
    char *folder = xcalloc(slash ? (size_t)(slash - p) + 2 : 2, 1);
    if (slash) memcpy(folder, p, (size_t)(slash - p) + 1);
    else strcpy(folder, ".");
    struct stat a, b;
    int fd = !stat(folder, &a) && !stat("/proc/self/fd", &b)
             && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
    free(folder);
    return fd;
}
#line 625 "chapters/A-programs.nw"
static const char *out_refusal(const char *target, struct stat *st,
                               int *stream)
{
    *stream = 0;
    if (stat(target, st)) {
        st->st_mode = 0;            /* a new file */
        return NULL;
    }
    if (S_ISREG(st->st_mode)) return NULL;
    if (S_ISDIR(st->st_mode)) return "it is a folder, not a file";
    *stream = S_ISCHR(st->st_mode) || S_ISFIFO(st->st_mode);
    if (*stream) return NULL;
    return S_ISBLK(st->st_mode) ? "it is a block device, a disk;"
           " the programs write files, devices such as /dev/null and"
           " FIFOs, never a disk" : "it is a socket";
}
#line 650 "chapters/A-programs.nw"
static size_t name_max(const char *target, size_t dir)
{
    char *folder = out_name(dir ? "" : ".", "");
    if (dir) {
        free(folder);
        folder = xcalloc(dir + 1, 1);
        memcpy(folder, target, dir);
    }
    long max = pathconf(folder, _PC_NAME_MAX);
    free(folder);
    return max > 0 ? (size_t)max : 255;
}
#line 664 "chapters/A-programs.nw"
static char *temp_path(const char *target)
{
    const char *slash = strrchr(target, '/');
    size_t dir = slash ? (size_t)(slash - target) + 1 : 0;
    size_t keep = strlen(target) - dir, max = name_max(target, dir);
    size_t room = max > 11 ? max - 11 : 0;
    if (keep > room) {
        keep = room;
        while (keep > 0
               && ((unsigned char)target[dir + keep] & 0xc0) == 0x80)
            keep--;
    }
    char *tmp = xcalloc(dir + keep + sizeof ".tmp.XXXXXX", 1);
    memcpy(tmp, target, dir + keep);
    strcpy(tmp + dir + keep, ".tmp.XXXXXX");
    return tmp;
}
#line 687 "chapters/A-programs.nw"
char *out_name(const char *prefix, const char *suffix)
{
    char *name = xcalloc(strlen(prefix) + strlen(suffix) + 1, 1);
    strcpy(name, prefix);
    strcat(name, suffix);
    return name;
}
#line 706 "chapters/A-programs.nw"
static struct {
    FILE *f;                        /* NULL once closed */
    const char *path;               /* as given, for messages */
    char *target, *tmp;             /* tmp: NULL for a stream */
    volatile sig_atomic_t live;
} writing[MAX_OUTPUTS];

static void remove_unfinished(void)
{
    for (int k = 0; k < MAX_OUTPUTS; k++)
        if (writing[k].live && writing[k].tmp)
            unlink(writing[k].tmp);
    if (plan_tmp) unlink(plan_tmp);
}
#line 732 "chapters/A-programs.nw"
static void die_of_signal(int sig)
{
    remove_unfinished();
    signal(sig, SIG_DFL);
    raise(sig);             /* delivered when the handler returns */
}
#line 743 "chapters/A-programs.nw"
static void out_at_exit(void);

static void watch_signals(void)
{
    static int watching;
    if (watching++) return;
    atexit(out_at_exit);
    static const int sig[] = { SIGINT, SIGTERM, SIGHUP };
    for (int i = 0; i < 3; i++) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = die_of_signal;
        sigfillset(&sa.sa_mask);
        if (!sigaction(sig[i], NULL, &old)
            && old.sa_handler != SIG_IGN)
            sigaction(sig[i], &sa, NULL);
    }
}
#line 774 "chapters/A-programs.nw"
FILE *out_open(const char *path)
{
    watch_signals();
    int k = 0;
    while (k < MAX_OUTPUTS && writing[k].live) k++;
    assert(k < MAX_OUTPUTS);
    int open_fd = 0, stream = 0;
    char *target = out_target(path, &open_fd);
    struct stat st;
    const char *why = target ? out_refusal(target, &st, &stream)
                             : strerror(errno);
    if (why) die("cannot write '%s': %s", shown(path), why);
    stream |= open_fd;
    writing[k].path = out_name(path, "");
    writing[k].target = target;
    writing[k].tmp = stream ? NULL : temp_path(target);
    writing[k].live = 1;
    int fd = open_fd ? dup(atoi(strrchr(target, '/') + 1))
           : stream ? open(target, O_WRONLY | O_NOCTTY)
           : mkstemp(writing[k].tmp);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
    if (!f) {
        int err = errno;
        if (fd < 0) writing[k].live = 0;
        die("cannot write '%s': %s", shown(path), strerror(err));
    }
    if (!stream)
        
#line 809 "chapters/A-programs.nw"
{
    if (st.st_mode && geteuid() == 0
        && fchown(fd, st.st_uid, st.st_gid))
        die("cannot give '%s' its owner: %s", shown(path),
            strerror(errno));
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, st.st_mode ? st.st_mode & 07777 : 0666 & ~mask);
}
#line 802 "chapters/A-programs.nw"
    return writing[k].f = f;
}
#line 833 "chapters/A-programs.nw"
void out_close(FILE *f)
{
    int k = 0;
    while (k < MAX_OUTPUTS && writing[k].f != f) k++;
    assert(k < MAX_OUTPUTS);
    int bad = ferror(f), err = errno;
    int stream = !writing[k].tmp;
    if (fflush(f) || (!stream && fsync(fileno(f)))) {
        bad = 1;
        err = errno;
    }
    if (fclose(f) && !bad) { bad = 1; err = errno; }
    writing[k].f = NULL;
    if (bad)
        die("cannot write '%s': %s", shown(writing[k].path),
            strerror(err));
    if (stream) writing[k].live = 0;
}
#line 868 "chapters/A-programs.nw"
static int sync_folder(const char *file)
{
    char *folder = xcalloc(strlen(file) + 2, 1);
    strcpy(folder, file);
    char *slash = strrchr(folder, '/');
    if (!slash) strcpy(folder, ".");
    else slash[slash == folder] = '\0';   /* "/x" is in "/" */
    int fd = open(folder, O_RDONLY), err = 0;
    if (fd < 0 || (fsync(fd) && errno != EINVAL)) err = errno;
    if (fd >= 0) close(fd);
    free(folder);
    return err;
}
#line 885 "chapters/A-programs.nw"
static int commit(int *failed_k)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int err = 0;
    for (int k = 0; k < MAX_OUTPUTS; k++) {
        if (!writing[k].live || writing[k].f || !writing[k].tmp)
            continue;
        if (rename(writing[k].tmp, writing[k].target))
            err = errno;
        else
            err = sync_folder(writing[k].target);
        if (err) {
            *failed_k = k;
            break;
        }
        writing[k].live = 0;
        free(writing[k].tmp);
        free(writing[k].target);
        free((char *)writing[k].path);
    }
    if (err) remove_unfinished();
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return err;
}

void out_commit(void)
{
    int k = 0, err = commit(&k);
    if (err)
        die("cannot write '%s': %s", shown(writing[k].path),
            strerror(err));
}
#line 936 "chapters/A-programs.nw"
static void out_at_exit(void)
{
    int k = 0, err = 0;
    if (failing) remove_unfinished();
    else err = commit(&k);
    if (err) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", program_name,
                shown(writing[k].path), strerror(err));
        _exit(EXIT_FAILURE);
    }
}
#line 973 "chapters/A-programs.nw"
static void check_stdout(void)
{
    int bad = ferror(stdout), err = errno;
    if (fflush(stdout)) { bad = 1; err = errno; }
    if (fclose(stdout) && !bad) { bad = 1; err = errno; }
    if (bad && err == EPIPE) _exit(128 + SIGPIPE);
    if (bad) {
        fprintf(stderr, "%s: cannot write the standard output: %s\n",
                program_name, strerror(err));
        _exit(EXIT_FAILURE);
    }
}
#line 1068 "chapters/A-programs.nw"
double memory_budget(const char **what)
{
    const char *of = "memory available on this machine";
    double have = 0, kb;
    char line[128];
    FILE *f = fopen("/proc/meminfo", "r");
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %lf kB", &kb) == 1)
            have = kb * 1024;
    if (f) fclose(f);
    if (have <= 0) {
        of = "this machine's memory";
        have = (double)sysconf(_SC_PHYS_PAGES)
               * (double)sysconf(_SC_PAGESIZE);
    }
    
#line 1089 "chapters/A-programs.nw"
struct rlimit limit;
if (!getrlimit(RLIMIT_AS, &limit) && limit.rlim_cur != RLIM_INFINITY
    && (double)limit.rlim_cur < have) {
    of = "address space that ulimit -v allows";
    have = (double)limit.rlim_cur;
}
#line 1084 "chapters/A-programs.nw"
    if (what) *what = of;
    return 0.8 * have;
}
#line 1097 "chapters/A-programs.nw"
void memory_check(double bytes, const char *lower)
{
    const char *what;
    double budget = memory_budget(&what);
    if (budget > 0 && bytes > budget)
        refuse("the run needs %.3g GB of memory, more than the"
               " %.3g GB the programs allow themselves (80%% of the"
               " %s); lower %s", bytes / 1e9, budget / 1e9, what,
               lower);
}

void progress(const char *fmt, ...)
{
    if (!isatty(STDERR_FILENO)) return;
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
}
#line 243 "chapters/01-toolkit.nw"
void rng_seed(Rng *rng, uint64_t seed) { rng->state = seed; }

uint64_t rng_next(Rng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
#line 255 "chapters/01-toolkit.nw"
double rng_uniform(Rng *rng)
{
    return (double)(rng_next(rng) >> 11) * 0x1p-53;
}
#line 265 "chapters/01-toolkit.nw"
double rng_normal(Rng *rng)
{
    double u1 = 1.0 - rng_uniform(rng), u2 = rng_uniform(rng);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}
#line 275 "chapters/01-toolkit.nw"
int rng_below(Rng *rng, int n)
{
    assert(n > 0);
    uint64_t limit = UINT64_MAX - UINT64_MAX % (uint64_t)n;
    uint64_t x;
    do x = rng_next(rng); while (x >= limit);
    return (int)(x % (uint64_t)n);
}
#line 285 "chapters/01-toolkit.nw"
void rng_shuffle(Rng *rng, int *a /* [n] */, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = rng_below(rng, i + 1);
        int t = a[i]; a[i] = a[j]; a[j] = t;
    }
}
#line 341 "chapters/01-toolkit.nw"
void params_init(Params *p) { memset(p, 0, sizeof *p); }
#line 348 "chapters/01-toolkit.nw"
int params_add(Params *p, const char *name, int rows, int cols)
{
    assert(!p->value && "params_add after params_alloc");
    assert(rows > 0 && cols > 0);
    assert(p->n_tensors < PARAMS_MAX_TENSORS);
    assert(strlen(name) < TENSOR_NAME_MAX);
    for (int k = 0; k < p->n_tensors; k++)
        assert(strcmp(p->tensor[k].name, name) && "name taken");
    Tensor *t = &p->tensor[p->n_tensors];
    strcpy(t->name, name);
    t->rows = rows;
    t->cols = cols;
    t->offset = p->count;
    p->count += (size_t)rows * cols;
    return p->n_tensors++;
}
#line 367 "chapters/01-toolkit.nw"
void params_alloc(Params *p)
{
    p->value = xcalloc(4 * p->count, sizeof(real));
    p->grad = p->value + p->count;
    p->m = p->grad + p->count;
    p->v = p->m + p->count;
}
#line 382 "chapters/01-toolkit.nw"
void alloc_parts(real **arrays[], const size_t sizes[], size_t n)
{
    size_t total = 0;
    for (size_t k = 0; k < n; k++) total += sizes[k];
    real *base = xcalloc(total, sizeof(real));
    for (size_t k = 0; k < n; k++) {
        *arrays[k] = base;
        base += sizes[k];
    }
}
#line 405 "chapters/01-toolkit.nw"
real *param(const Params *p, int id)
{
    assert(id >= 0 && id < p->n_tensors);
    return p->value + p->tensor[id].offset;
}

real *param_grad(const Params *p, int id)
{
    assert(id >= 0 && id < p->n_tensors);
    return p->grad + p->tensor[id].offset;
}

void params_zero_grad(Params *p)
{
    memset(p->grad, 0, p->count * sizeof(real));
}

void params_free(Params *p)
{
    free(p->value);
    params_init(p);
}
#line 455 "chapters/01-toolkit.nw"
void init_xavier_uniform(real *w /* [K, N] */, int K, int N,
                         Rng *rng)
{
    double a = sqrt(6.0 / (K + N));
    for (size_t i = 0; i < (size_t)K * N; i++)
        w[i] = (real)(a * (2.0 * rng_uniform(rng) - 1.0));
}

void init_normal(real *w /* [n] */, size_t n, double std,
                 Rng *rng)
{
    for (size_t i = 0; i < n; i++)
        w[i] = (real)(std * rng_normal(rng));
}
#line 476 "chapters/01-toolkit.nw"
void init_orthogonal(real *w /* [K, N] */, int K, int N,
                     Rng *rng)
{
    int count = K <= N ? K : N, len = K <= N ? N : K;
    double *q = xcalloc((size_t)count * len, sizeof *q);
    for (int i = 0; i < count; i++) {
        double *qi = q + (size_t)i * len;
        
#line 497 "chapters/01-toolkit.nw"
for (int j = 0; j < len; j++) qi[j] = rng_normal(rng);
for (int p = 0; p < i; p++) {
    const double *qp = q + (size_t)p * len;
    double dot = 0;
    for (int j = 0; j < len; j++) dot += qi[j] * qp[j];
    for (int j = 0; j < len; j++) qi[j] -= dot * qp[j];
}
double norm = 0;
for (int j = 0; j < len; j++) norm += qi[j] * qi[j];
norm = sqrt(norm);
for (int j = 0; j < len; j++) qi[j] /= norm;
#line 484 "chapters/01-toolkit.nw"
    }
    for (int i = 0; i < count; i++)
        for (int j = 0; j < len; j++)
            w[K <= N ? (size_t)i * N + j : (size_t)j * N + i] =
                (real)q[(size_t)i * len + j];
    free(q);
}
#line 532 "chapters/01-toolkit.nw"
void matmul_naive(real *C, int ldc, const real *A, int lda,
                  const real *B, int ldb, int M, int K, int N)
{
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            real sum = 0;
            for (int k = 0; k < K; k++)
                sum += A[(size_t)i*lda + k] * B[(size_t)k*ldb+j];
            C[(size_t)i * ldc + j] += sum;
        }
    flop_count += 2ull * M * K * N;
}
#line 587 "chapters/01-toolkit.nw"
void transpose(real *T /* [N, M] */, const real *X, int ldx,
               int M, int N)
{
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++)
            T[(size_t)j * M + i] = X[(size_t)i * ldx + j];
}

void matmul_backward_naive(real *dA, int ldda, real *dB, int lddb,
                           const real *dC, int lddc,
                           const real *A, int lda, const real *B,
                           int ldb, int M, int K, int N)
{
    real *scratch = xcalloc((size_t)K * (M > N ? M : N),
                            sizeof *scratch);
    if (dA) {   /* dA += dC B^T */
        transpose(scratch, B, ldb, K, N);
        matmul_naive(dA, ldda, dC, lddc, scratch, K, M, N, K);
    }
    if (dB) {   /* dB += A^T dC */
        transpose(scratch, A, lda, M, K);
        matmul_naive(dB, lddb, scratch, M, dC, lddc, K, M, N);
    }
    free(scratch);
}
#line 627 "chapters/01-toolkit.nw"
void linear_forward(real *Y, const real *X, const real *W,
                    const real *b, int M, int K, int N)
{
    if (b)          /* every row starts from the bias */
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++)
                Y[(size_t)i * N + j] = b[j];
    else            /* or from zero */
        memset(Y, 0, sizeof(real) * M * N);
    matmul(Y, N, X, K, W, N, M, K, N);
}

void linear_backward(real *dX, real *dW, real *db, const real *dY,
                     const real *X, const real *W,
                     int M, int K, int N)
{
    matmul_backward(dX, K, dW, N, dY, N, X, K, W, N, M, K, N);
    if (db)     /* Y[i,j] = b[j] + ... */
        for (int i = 0; i < M; i++)
            for (int j = 0; j < N; j++)
                db[j] += dY[(size_t)i * N + j];
}
#line 297 "chapters/B-fast.nw"
static inline INLINED FUSED void tile_add(real *C, int ldc,
                                          const real *A, size_t ars,
                                          size_t acs,
                                          const real *P /* [K, NR] */,
                                          int rows, int cols, int K,
                                          int vecs)
{
    CONTRACT_FAST
    const real *a_row[TILE_ROWS];   /* rows past the last repeat it */
    vreal acc[TILE_ROWS][TILE_VECS];
    UNROLL for (int r = 0; r < TILE_ROWS; r++) {
        a_row[r] = A + (r < rows ? r : rows - 1) * ars;
        UNROLL for (int v = 0; v < vecs; v++)
            acc[r][v] = (vreal){0};
    }
    for (int k = 0; k < K; k++) {
        vreal b[TILE_VECS];
        UNROLL for (int v = 0; v < vecs; v++)
            memcpy(&b[v], P + (size_t)k * NR + v * VEC, sizeof b[v]);
        UNROLL for (int r = 0; r < TILE_ROWS; r++) {
            real a = a_row[r][k * acs];
            UNROLL for (int v = 0; v < vecs; v++)
                acc[r][v] += a * b[v];
        }
    }
    
#line 343 "chapters/B-fast.nw"
if (cols == vecs * VEC) {
    UNROLL for (int r = 0; r < TILE_ROWS; r++)
        UNROLL for (int v = 0; v < vecs; v++)
            if (r < rows) {
                vreal c;
                real *at = C + (size_t)r * ldc + v * VEC;
                memcpy(&c, at, sizeof c);
                c += acc[r][v];
                memcpy(at, &c, sizeof c);
            }
    return;
}
real edge[TILE_ROWS][NR];
UNROLL for (int r = 0; r < TILE_ROWS; r++)
    UNROLL for (int v = 0; v < vecs; v++)
        memcpy(&edge[r][v * VEC], &acc[r][v], sizeof acc[r][v]);
for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++)
        C[(size_t)r * ldc + c] += edge[r][c];
#line 323 "chapters/B-fast.nw"
}
#line 379 "chapters/B-fast.nw"
enum { KB = 128 };      /* rows of a packed panel */

#line 446 "chapters/B-fast.nw"
typedef real vreal4 __attribute__((vector_size(4 * sizeof(real))));

/* T[i][j] = X[j][i], i, j < 4: X's rows ldx apart, T's ldt */
static void transpose_4x4(real *T, size_t ldt, const real *X,
                          size_t ldx)
{
    vreal4 x[4], h[4], t[4];
    for (int i = 0; i < 4; i++)
        memcpy(&x[i], X + i * ldx, sizeof x[i]);
    /* h[0] = x00 x10 x01 x11, h[1] = x02 x12 x03 x13, ... */
    h[0] = __builtin_shufflevector(x[0], x[1], 0, 4, 1, 5);
    h[1] = __builtin_shufflevector(x[0], x[1], 2, 6, 3, 7);
    h[2] = __builtin_shufflevector(x[2], x[3], 0, 4, 1, 5);
    h[3] = __builtin_shufflevector(x[2], x[3], 2, 6, 3, 7);
    /* t[j] = x0j x1j x2j x3j: column j of X */
    t[0] = __builtin_shufflevector(h[0], h[2], 0, 1, 4, 5);
    t[1] = __builtin_shufflevector(h[0], h[2], 2, 3, 6, 7);
    t[2] = __builtin_shufflevector(h[1], h[3], 0, 1, 4, 5);
    t[3] = __builtin_shufflevector(h[1], h[3], 2, 3, 6, 7);
    for (int i = 0; i < 4; i++)
        memcpy(T + i * ldt, &t[i], sizeof t[i]);
}

#line 383 "chapters/B-fast.nw"
/* P[k][c] = B(k0 + k, j0 + c), zero past cols; B(k, j) is at
   B[k * brs + j * bcs] */
static void pack_panel(real P[KB][NR], const real *B, size_t brs,
                       size_t bcs, int k0, int kb, int j0, int cols)
{
    const real *b = B + (size_t)k0 * brs + (size_t)j0 * bcs;
    if (bcs == 1) {     /* B's rows are contiguous: copy them */
        for (int k = 0; k < kb; k++) {
            const real *row = b + (size_t)k * brs;
            if (cols == NR)
                memcpy(P[k], row, sizeof P[k]);
            else
                for (int c = 0; c < NR; c++)
                    P[k][c] = c < cols ? row[c] : 0;
        }
        return;
    }
    assert(brs == 1);   /* read transposed: B's columns contiguous */
    if (cols < NR) memset(P, 0, sizeof P[0] * kb);
    int c = 0;
    for (; c + 4 <= cols; c += 4) {         /* 4 columns at a time */
        int k = 0;
        for (; k + 4 <= kb; k += 4)
            transpose_4x4(&P[k][c], NR, b + c * bcs + k, bcs);
        for (; k < kb; k++)
            for (int i = 0; i < 4; i++)
                P[k][c + i] = b[(c + i) * bcs + k];
    }
    for (; c < cols; c++)                   /* the last ones */
        for (int k = 0; k < kb; k++)
            P[k][c] = b[c * bcs + k];
}
#line 492 "chapters/B-fast.nw"
static FUSED void panel_product(real *C, int ldc, const real *A,
                                size_t ars, size_t acs,
                                const real *P /* [kb, NR] */,
                                int M, int kb, int cols)
{
    for (int i = 0; i < M; i += TILE_ROWS) {
        int rows = M - i < TILE_ROWS ? M - i : TILE_ROWS;
        real *c = C + (size_t)i * ldc;
        const real *a = A + i * ars;
        if (cols <= VEC)    /* one vector wide: a narrower tile */
            tile_add(c, ldc, a, ars, acs, P, rows, cols, kb, 1);
        else
            tile_add(c, ldc, a, ars, acs, P, rows, cols, kb,
                     TILE_VECS);
    }
}

static inline void product(real *C, int ldc, const real *A,
                           size_t ars, size_t acs, const real *B,
                           size_t brs, size_t bcs,
                           int M, int K, int N)
{
#ifdef PLAIN_KERNELS
    
#line 2472 "chapters/B-fast.nw"
for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
        real sum = 0;
        for (int k = 0; k < K; k++)
            sum += A[i * ars + k * acs] * B[k * brs + j * bcs];
        C[(size_t)i * ldc + j] += sum;
    }
#line 516 "chapters/B-fast.nw"
#else
    _Alignas(VEC_BYTES) real P[KB][NR];
    for (int j = 0; j < N; j += NR) {
        int cols = N - j < NR ? N - j : NR;
        for (int k0 = 0; k0 < K; k0 += KB) {
            int kb = K - k0 < KB ? K - k0 : KB;
            pack_panel(P, B, brs, bcs, k0, kb, j, cols);
            panel_product(C + j, ldc, A + k0 * acs, ars, acs, P[0],
                          M, kb, cols);
        }
    }
#endif
    flop_count += 2ull * M * K * N;
}
#line 545 "chapters/B-fast.nw"
void matmul_backward(real *dA, int ldda, real *dB, int lddb,
                     const real *dC, int lddc,
                     const real *A, int lda,
                     const real *B, int ldb, int M, int K, int N)
{
    if (dA)     /* dA += dC B^T */
        matmul_nt(dA, ldda, dC, lddc, B, ldb, M, N, K);
    if (dB)     /* dB += A^T dC */
        matmul_tn(dB, lddb, A, lda, dC, lddc, K, M, N);
}
#line 2086 "chapters/B-fast.nw"
static _Thread_local WeightPanels *panels_now;  /* or NULL */

void weight_panels_init(WeightPanels *wp, const Params *p)
{
    memset(wp, 0, sizeof *wp);
    wp->params = p;
    for (int id = 0; id < p->n_tensors; id++) {
        int K = p->tensor[id].rows, N = p->tensor[id].cols;
        if (K == 1 || N == 1) continue;     /* a vector: no product */
        wp->panels[id][0] = xcalloc(matmul_packed_size(K, N),
                                    sizeof(real));
        wp->panels[id][1] = xcalloc(matmul_packed_size(N, K),
                                    sizeof(real));
    }
}

void weight_panels_free(WeightPanels *wp)
{
    for (int id = 0; id < PARAMS_MAX_TENSORS; id++)
        for (int t = 0; t < 2; t++) free(wp->panels[id][t]);
}

void weight_panels_begin(WeightPanels *wp)
{
    assert(!panels_now && "one pass at a time");
    memset(wp->packed, 0, sizeof wp->packed);
#ifndef PLAIN_KERNELS           /* the plain build packs nothing */
    panels_now = wp;
#endif
}

void weight_panels_end(void) { panels_now = NULL; }
#line 2125 "chapters/B-fast.nw"
static const real *weight_panels(const real *B, int ldb, int K,
                                 int N, int t)
{
    WeightPanels *wp = panels_now;
    if (!wp) return NULL;
    const Params *p = wp->params;
    uintptr_t at = (uintptr_t)B, v = (uintptr_t)p->value;
    if (at < v || at >= v + p->count * sizeof(real)) return NULL;
    for (int id = 0; id < p->n_tensors; id++) {
        const Tensor *x = &p->tensor[id];
        if (B != p->value + x->offset) continue;
        if (x->rows != (t ? N : K) || x->cols != (t ? K : N)
            || ldb != x->cols)
            return NULL;
        real *P = wp->panels[id][t];
        if (P && !wp->packed[id][t]) {
            if (t) matmul_pack_t(P, B, ldb, K, N);
            else matmul_pack(P, B, ldb, K, N);
            wp->packed[id][t] = 1;
        }
        return P;
    }
    return NULL;
}

#line 2485 "chapters/B-fast.nw"
void matmul(real *C, int ldc, const real *A, int lda,
            const real *B, int ldb, int M, int K, int N)
{
    const real *P = weight_panels(B, ldb, K, N, 0);
    if (P) matmul_packed(C, ldc, A, lda, P, M, K, N);
    else product(C, ldc, A, lda, 1, B, ldb, 1, M, K, N);
}

void matmul_tn(real *C, int ldc, const real *A, int lda,
               const real *B, int ldb, int M, int K, int N)
{
    product(C, ldc, A, 1, lda, B, ldb, 1, M, K, N);
}

void matmul_nt(real *C, int ldc, const real *A, int lda,
               const real *B, int ldb, int M, int K, int N)
{
    const real *P = weight_panels(B, ldb, K, N, 1);
    if (P) matmul_packed(C, ldc, A, lda, P, M, K, N);
    else product(C, ldc, A, lda, 1, B, 1, ldb, M, K, N);
}
#line 2510 "chapters/B-fast.nw"
size_t matmul_packed_size(int K, int N)
{
    return (size_t)(N + NR - 1) / NR * NR * K;
}

static void pack_panels(real *P, const real *B, size_t brs,
                        size_t bcs, int K, int N)
{
    for (int j = 0; j < N; j += NR) {
        int cols = N - j < NR ? N - j : NR;
        for (int k0 = 0; k0 < K; k0 += KB) {
            int kb = K - k0 < KB ? K - k0 : KB;
            real *at = P + ((size_t)j / NR * K + k0) * NR;
            pack_panel((real (*)[NR])at, B, brs, bcs, k0, kb, j,
                       cols);
        }
    }
}
#line 2530 "chapters/B-fast.nw"
void matmul_pack(real *P, const real *B, int ldb, int K, int N)
{
    pack_panels(P, B, ldb, 1, K, N);
}

void matmul_pack_t(real *P, const real *B, int ldb, int K, int N)
{
    pack_panels(P, B, 1, ldb, K, N);
}

void matmul_packed(real *C, int ldc, const real *A, int lda,
                   const real *P, int M, int K, int N)
{
    for (int j = 0; j < N; j += NR) {
        int cols = N - j < NR ? N - j : NR;
        for (int k0 = 0; k0 < K; k0 += KB)
            panel_product(C + j, ldc, A + k0, lda, 1,
                          P + ((size_t)j / NR * K + k0) * NR, M,
                          K - k0 < KB ? K - k0 : KB, cols);
    }
    flop_count += 2ull * M * K * N;
}
#line 674 "chapters/01-toolkit.nw"
void softmax(real *p, const real *z, int n)
{
    real max = z[0];
    for (int k = 1; k < n; k++) if (z[k] > max) max = z[k];
    for (int k = 0; k < n; k++) p[k] = exp_real(z[k] - max);
    real sum = 0;
    for (int k = 0; k < n; k++) sum += p[k];
    for (int k = 0; k < n; k++) p[k] /= sum;
}
#line 767 "chapters/01-toolkit.nw"
double cross_entropy_forward(real *prob, const real *logits,
                             const int *target, int N, int V,
                             double smoothing, int ignore,
                             int *counted)
{
    double total = 0;
    *counted = 0;
    for (int r = 0; r < N; r++) {
        if (target[r] == ignore) continue;
        assert(target[r] >= 0 && target[r] < V);
        const real *z = logits + (size_t)r * V;
        
#line 787 "chapters/01-toolkit.nw"
softmax(prob + (size_t)r * V, z, V);
double max = z[0], sum = 0, sum_z = 0;
for (int k = 1; k < V; k++) if (z[k] > max) max = z[k];
for (int k = 0; k < V; k++) {
    sum += exp((double)z[k] - max);
    sum_z += z[k];
}
double lse = max + log(sum);
total += -(1 - smoothing) * (z[target[r]] - lse)
         - smoothing / V * (sum_z - V * lse);
#line 779 "chapters/01-toolkit.nw"
        ++*counted;
    }
    return total;
}
#line 800 "chapters/01-toolkit.nw"
void cross_entropy_backward(real *dlogits, const real *prob,
                            const int *target, int N, int V,
                            double smoothing, int ignore,
                            double scale)
{
    for (int r = 0; r < N; r++) {
        if (target[r] == ignore) continue;
        for (int k = 0; k < V; k++) {
            double q = smoothing / V
                       + (k == target[r] ? 1 - smoothing : 0);
            dlogits[(size_t)r * V + k] +=
                (real)(scale * (prob[(size_t)r * V + k] - q));
        }
    }
}
#line 830 "chapters/01-toolkit.nw"
double smoothed_loss_floor(int V, double smoothing)
{
    double q_true = 1 - smoothing + smoothing / V;
    double q_other = smoothing / V;
    double h = -q_true * log(q_true);
    if (q_other > 0) h -= (V - 1) * q_other * log(q_other);
    return h;
}
#line 873 "chapters/01-toolkit.nw"
void adam_init(Adam *opt)
{
    *opt = (Adam){ .beta1 = 0.9, .beta2 = 0.999, .eps = 1e-8 };
}

void adam_step(Adam *opt, Params *p, double lr)
{
    opt->t++;
    double c1 = 1 - pow(opt->beta1, (double)opt->t);
    double c2 = 1 - pow(opt->beta2, (double)opt->t);
    real b1 = (real)opt->beta1, b2 = (real)opt->beta2;
    for (size_t i = 0; i < p->count; i++) {
        real g = p->grad[i];
        p->m[i] = b1 * p->m[i] + (1 - b1) * g;
        p->v[i] = b2 * p->v[i] + (1 - b2) * g * g;
        real m_hat = p->m[i] / (real)c1;
        real v_hat = p->v[i] / (real)c2;
        p->value[i] -= (real)lr * m_hat
                       / (sqrt(v_hat) + (real)opt->eps);
    }
}
#line 897 "chapters/01-toolkit.nw"
double grad_norm(const Params *p)
{
    double sum = 0;
    for (size_t i = 0; i < p->count; i++)
        sum += (double)p->grad[i] * p->grad[i];
    return sqrt(sum);
}
#line 932 "chapters/01-toolkit.nw"
double lr_schedule(long step, long warmup, long total,
                   double peak, double floor)
{
    assert(step >= 0 && warmup >= 0 && total > warmup);
    if (step < warmup) return peak * (double)(step + 1) / warmup;
    double progress = (double)(step - warmup)
                      / (double)(total - warmup);
    return floor + 0.5 * (peak - floor)
                 * (1 + cos(3.141592653589793 * progress));
}
#line 958 "chapters/01-toolkit.nw"
double lr_inverse_sqrt(long step, long warmup, double peak)
{
    assert(step >= 0 && warmup >= 0);
    double s = (double)(step + 1), w = warmup ? (double)warmup : 1;
    return peak * fmin(s / w, sqrt(w / s));
}
#line 1052 "chapters/01-toolkit.nw"
GradCheck grad_check_measure(real *x, const real *analytic,
                             size_t n, size_t max_checks,
                             LossFn loss, void *ctx)
{
    GradCheck r = {0};
    r.checked = n < max_checks ? n : max_checks;
    for (size_t c = 0; c < r.checked; c++) {
        size_t i = r.checked == 1 ? 0 : c * (n - 1) / (r.checked - 1);
        
#line 1066 "chapters/01-toolkit.nw"
real saved = x[i];
x[i] = (real)(saved + GRAD_CHECK_STEP);
double plus = loss(ctx);
x[i] = (real)(saved - GRAD_CHECK_STEP);
double minus = loss(ctx);
x[i] = saved;
double numeric = (plus - minus) / (2 * GRAD_CHECK_STEP);
double diff = fabs(numeric - analytic[i]);
double scale = fmax(fabs(numeric), fabs(analytic[i]));
double rel = diff / (scale + GRAD_CHECK_ATOL / GRAD_CHECK_RTOL);
r.max_rel = fmax(r.max_rel, rel);
if (rel > GRAD_CHECK_RTOL) {
    if (r.failures < GRAD_CHECK_SHOWN) {
        r.bad[r.failures] = i;
        r.bad_analytic[r.failures] = analytic[i];
        r.bad_numeric[r.failures] = numeric;
    }
    r.failures++;
}
#line 1061 "chapters/01-toolkit.nw"
    }
    return r;
}
#line 1092 "chapters/01-toolkit.nw"
int grad_check(const char *name, real *x, const real *analytic,
               size_t n, size_t max_checks, LossFn loss, void *ctx)
{
    GradCheck r = grad_check_measure(x, analytic, n, max_checks,
                                     loss, ctx);
    
#line 1109 "chapters/01-toolkit.nw"
for (int k = 0; k < r.failures && k < GRAD_CHECK_SHOWN; k++)
    fprintf(stderr, "grad_check: %s[%zu]: analytic %.9g, "
            "numeric %.9g\n", name, r.bad[k], r.bad_analytic[k],
            r.bad_numeric[k]);
if (r.failures > GRAD_CHECK_SHOWN)
    fprintf(stderr, "grad_check: %s: %d mismatches in all\n",
            name, r.failures);
if (getenv("GRAD_CHECK_REPORT"))
    printf("grad_check %zu %d %.3g %s\n", r.checked,
           r.failures, r.max_rel, name);
#line 1098 "chapters/01-toolkit.nw"
    return r.failures;
}
#line 1155 "chapters/01-toolkit.nw"
_Thread_local uint64_t flop_count;

double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
#line 2804 "chapters/B-fast.nw"
double thread_seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
#line 2761 "chapters/B-fast.nw"
typedef struct {
    RunFn fn;
    void *ctx;
    int runs, next;             /* next: the first run not taken */
    pthread_mutex_t lock;
} Pool;

static void *pool_worker(void *arg)
{
    Pool *pool = arg;
    for (;;) {
        pthread_mutex_lock(&pool->lock);
        int index = pool->next++;
        pthread_mutex_unlock(&pool->lock);
        if (index >= pool->runs) return NULL;
        pool->fn(index, pool->ctx);
    }
}
#line 2781 "chapters/B-fast.nw"
void run_parallel(RunFn fn, void *ctx, int runs, int threads)
{
    Pool pool = { .fn = fn, .ctx = ctx, .runs = runs, .next = 0 };
    pthread_t tid[THREADS_MAX];
    assert(threads >= 1 && threads <= THREADS_MAX);
    if (threads > runs) threads = runs;
    pthread_mutex_init(&pool.lock, NULL);
    for (int t = 1; t < threads; t++)
        if (pthread_create(&tid[t], NULL, pool_worker, &pool))
            die("cannot start a thread (%d of %d)", t + 1, threads);
    pool_worker(&pool);
    for (int t = 1; t < threads; t++) pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&pool.lock);
}
#line 2816 "chapters/B-fast.nw"
int default_threads(void)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus < 1 ? 1 : cpus > THREADS_MAX ? THREADS_MAX : cpus;
}
