/* Many runs of tirc's C driver in one process, for tests that call a
 * module's functions hundreds of times (one process each costs more than
 * the call under AddressSanitizer). Built with the driver, whose main is
 * renamed:
 *
 *   clang prog.ll driver.c -Dmain=tirc_driver_main batch_main.c -o batch
 *   ./batch CALLS
 *
 * CALLS holds one run a line: the file that gets the run's stderr, then
 * the driver's arguments (-f FUNC IN.npy... -o OUT.npy...), separated by
 * spaces. Each run's exit status is printed on its own line of stdout, in
 * order, after the run; a run that exits the process (a bad input file)
 * or a sanitizer's report ends the batch, which the caller sees as
 * missing statuses. Leaks are reported once, at exit, for all runs. */
#undef main

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int tirc_driver_main(int argc, char **argv);

enum { MAX_ARGS = 64 };

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s CALLS\n", argv[0]);
    return 2;
  }
  FILE *calls = fopen(argv[1], "r");
  if (calls == NULL) {
    perror(argv[1]);
    return 2;
  }
  int saved = dup(2);
  char line[8192];
  while (fgets(line, sizeof line, calls) != NULL) {
    char *args[MAX_ARGS + 1];
    int n = 0;
    args[n++] = "driver";
    char *err = strtok(line, " \n");
    if (err == NULL)
      continue;
    for (char *a = strtok(NULL, " \n"); a != NULL && n < MAX_ARGS; a = strtok(NULL, " \n"))
      args[n++] = a;
    args[n] = NULL;
    int fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || saved < 0) {
      perror(err);
      return 2;
    }
    fflush(stderr);
    dup2(fd, 2);
    close(fd);
    int st = tirc_driver_main(n, args);
    fflush(stderr);
    dup2(saved, 2);
    printf("%d\n", st);
    fflush(stdout);
  }
  fclose(calls);
  return 0;
}
