import { fileNameProblem, pictureFileField } from './picture-fields';

describe('fileNameProblem', () => {
  it.each(['holiday.png', 'фото 写真 🎨.png', 'invoice\u202egnp.exe', 'picture', '.htaccess', `${'画'.repeat(251)}.png`])('accepts the plain name %j', (name) => {
    expect(fileNameProblem(name)).toBeUndefined();
  });

  it.each(['../../etc/passwd.png', '..\\..\\win.ini.jpg', '/etc/cron.d/evil.png', 'C:\\Windows\\win.ini.jpg', 'a\u0000b.png', 'a\tb.png', 'a\r\nb.png', 'a\u007fb.png'])(
    'refuses %j as a path or with control characters',
    (name) => {
      expect(fileNameProblem(name)).toBe('must not contain path characters or control characters');
    },
  );

  it('refuses a name longer than 255 characters', () => {
    expect(fileNameProblem(`${'a'.repeat(252)}.png`)).toBe('must be at most 255 characters');
  });
});

describe('pictureFileField', () => {
  const file = (originalname: string) => ({ originalname, size: 3, buffer: Buffer.from('abc') });

  it("names the file's name in the picture's message", () => {
    const result = pictureFileField({ required: true }).safeParse(file('../x.png'));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('file name must not contain path characters or control characters');
  });

  it('accepts a missing file only when it is optional', () => {
    expect(pictureFileField({ required: false }).safeParse(undefined).success).toBe(true);
    expect(pictureFileField({ required: true }).safeParse(undefined).success).toBe(false);
  });
});
