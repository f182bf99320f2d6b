/* seed000 - the pipe context-switcher from seed mail 000 (Guillaume
 * Chazarain, "Re: [PATCH]O18.1int", 28 Aug 2003), verbatim below. */
#include <unistd.h>

#define COUNT (1024 * 1024)

int main(void)
{
    char buffer = 0;
    int fd[2], i;

    pipe(fd);

    if (fork()) {
        for (i = 0; i < COUNT; i++)
            write(fd[1], &buffer, 1);
    } else {
        for (i = 0; i < COUNT; i++)
            read(fd[0], &buffer, 1);
    }

    return 0;
}
