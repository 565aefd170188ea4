namespace RefitStj.Demo.Output;

/// <summary>
/// Where the demo writes. Interactive (a terminal): progress is one line rewritten with '\r'. Otherwise (redirected,
/// or a test's writer): progress is written as plain lines, and <see cref="Progress"/> writes nothing.
/// </summary>
internal sealed class DemoConsole(TextWriter output, TextWriter error, bool interactive)
{
    private int _progressLength;

    public bool Interactive => interactive;

    public void WriteLine(string text = "")
    {
        ClearProgress();
        output.WriteLine(text);
    }

    /// <summary>Reports a call that returned something wrong (on the error writer).</summary>
    public void Fail(string message)
    {
        ClearProgress();
        output.Flush();
        error.WriteLine($"error: {message}");
    }

    /// <summary>Rewrites the progress line (interactive only).</summary>
    public void Progress(string text)
    {
        if (!interactive)
        {
            return;
        }

        output.Write('\r');
        output.Write(text.PadRight(_progressLength));
        output.Flush();
        _progressLength = text.Length;
    }

    /// <summary>A line that, interactively, replaces the progress line; otherwise a plain progress line.</summary>
    public void ProgressLine(string text)
    {
        if (interactive)
        {
            Progress(text);
            output.WriteLine();
            _progressLength = 0;
        }
        else
        {
            output.WriteLine(text);
        }
    }

    private void ClearProgress()
    {
        if (_progressLength == 0)
        {
            return;
        }

        output.Write('\r');
        output.Write(new string(' ', _progressLength));
        output.Write('\r');
        _progressLength = 0;
    }
}
