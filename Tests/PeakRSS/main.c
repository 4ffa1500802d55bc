// peak-rss REPORT COMMAND [ARG...]: runs COMMAND, writes its peak resident set size in KiB to the file REPORT, and
// exits as COMMAND did.
//
// A test cannot read its child's peak from wait4 itself: a child spawned from the test process (vfork, then exec)
// inherits the test process's own peak into its count. This small process forks for real, so the count starts
// from its few hundred KiB.
#include <errno.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: peak-rss REPORT COMMAND [ARG...]\n");
        return 2;
    }
    pid_t child = fork();
    if (child < 0) {
        perror("peak-rss: fork");
        return 2;
    }
    if (child == 0) {
        execv(argv[2], argv + 2);
        perror("peak-rss: execv");
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    while (wait4(child, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            perror("peak-rss: wait4");
            return 2;
        }
    }
    FILE *report = fopen(argv[1], "w");
    if (report == NULL) {
        perror("peak-rss: report");
        return 2;
    }
    fprintf(report, "%ld\n", usage.ru_maxrss);
    fclose(report);
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + WTERMSIG(status);
}
