using System.Buffers;
using System.Text.Json;
using RefitStj.Buffers;

namespace RefitStj.Streaming;

/// <summary>
/// Finds where each element of one top-level JSON array begins and ends in a body read chunk by chunk, so each can be
/// deserialized from one span (the serializer's fast path, which also validates it) while the buffer holds only the
/// element being read, capped at the item limit. It looks only at what frames elements (brackets, braces, strings for
/// the brackets inside them, commas, white space, comments if the options skip them), 16 bytes at a time inside an
/// element, and resumes where the last chunk ended, so no byte is scanned twice however the body is split.
/// </summary>
internal sealed partial class JsonArrayFramer(JsonSerializerOptions options, long maxItemSize) : IDisposable
{
    private const int InitialBufferSize = 16 * 1024;

    private static readonly SearchValues<byte> s_afterPrimitive = SearchValues.Create(" \t\r\n,]}[{\"/"u8);

    private readonly int _maxDepth = options.MaxDepth == 0 ? 64 : options.MaxDepth;
    private readonly bool _comments = options.ReadCommentHandling == JsonCommentHandling.Skip;
    private readonly bool _trailingCommas = options.AllowTrailingCommas;

    private byte[] _buffer = BufferPool.Rent(InitialBufferSize);
    private int _start; // the first byte still needed: the element's start, else where scanning resumes
    private int _scan; // where scanning resumes; one past the end when the last byte read is a backslash in a string
    private int _end;
    private bool _ended;
    private Phase _phase;
    private Comment _comment;
    private int _elementStart;
    private int _elementLength;
    private int _depth; // brackets and braces open in the element being read
    private bool _inString;

    private enum Phase
    {
        Start,
        BeforeArray,
        NullBody,
        FirstElement, // after '[': an element or ']'
        AfterElement, // ',' or ']'
        AfterComma, // an element, or ']' where trailing commas are allowed
        InElement,
        AfterArray,
    }

    private enum Comment
    {
        None,
        Line,
        Block,
    }

    private enum Step
    {
        Progress,
        NeedMore,
        Found,
    }

    /// <summary>The element found by the last <see cref="TryNext"/> that returned true.</summary>
    public ReadOnlySpan<byte> Element => _buffer.AsSpan(_elementStart, _elementLength);

    /// <summary>Whether the array has started and not yet ended, so a failure belongs to an element.</summary>
    public bool InArray => _phase is Phase.FirstElement or Phase.AfterElement or Phase.AfterComma or Phase.InElement;

    /// <summary>
    /// Finds the next element in what has been read: true with it in <see cref="Element"/>; false with
    /// <paramref name="done"/> when the array has ended (and only white space followed), else when more bytes are needed.
    /// </summary>
    /// <exception cref="JsonException">The body is not one JSON array (an element's own content is not checked here).</exception>
    /// <exception cref="ResponseTooLargeException">The element found, or the unfinished one, is over the item limit.</exception>
    public bool TryNext(out bool done)
    {
        while (true)
        {
            var step = _phase switch
            {
                Phase.Start => TrySkipByteOrderMark() ? Step.Progress : Step.NeedMore,
                Phase.InElement => ScanElement(),
                Phase.NullBody => ScanNullBody(),
                _ => FrameNext(),
            };

            if (step == Step.Found)
            {
                (_elementLength, _phase, done) = (_scan - _elementStart, Phase.AfterElement, false);
                CheckSize(_elementLength);
                return true;
            }

            if (step == Step.NeedMore)
            {
                return Wait(out done);
            }
        }
    }

    /// <summary>Reads the next chunk of <paramref name="stream"/>, making room for it first.</summary>
    public async ValueTask FillAsync(Stream stream, CancellationToken cancellationToken)
    {
        if (_start > 0)
        {
            // Slide what is still needed to the front rather than grow: the buffer only grows for an element that does not fit.
            _buffer.AsSpan(_start, _end - _start).CopyTo(_buffer);
            (_scan, _elementStart, _end, _start) = (_scan - _start, _elementStart - _start, _end - _start, 0);
        }
        else if (_end == _buffer.Length)
        {
            _buffer = StreamBuffers.Grow(_buffer, _end, maxItemSize);
        }

        var room = StreamBuffers.Room(_buffer.Length - _end, maxItemSize, _end - _start);
        var read = await stream.ReadAsync(_buffer.AsMemory(_end, room), cancellationToken).ConfigureAwait(false);
        _ended = read == 0;
        _end += read;
    }

    public void Dispose()
    {
        var buffer = _buffer;
        _buffer = [];
        if (buffer.Length > 0)
        {
            BufferPool.Return(buffer);
        }
    }

    private static JsonException Invalid(string message) => new(message);

    /// <summary>Acts on the next token outside any element.</summary>
    private Step FrameNext()
    {
        if (!TrySkipWhiteSpaceAndComments())
        {
            return Step.NeedMore;
        }

        var next = _buffer[_scan];
        switch (_phase)
        {
            case Phase.BeforeArray when next == '[':
                (_phase, _scan) = (Phase.FirstElement, _scan + 1);
                break;
            case Phase.BeforeArray when next == 'n':
                // A null body is an empty sequence, as System.Text.Json's own async enumerable reader has it.
                (_phase, _elementStart) = (Phase.NullBody, _scan);
                break;
            case Phase.BeforeArray:
                throw Invalid($"The body starts with '{(char)next}', not with an array.");
            case Phase.FirstElement or Phase.AfterElement when next == ']':
            case Phase.AfterComma when next == ']' && _trailingCommas:
                (_phase, _scan) = (Phase.AfterArray, _scan + 1);
                break;
            case Phase.AfterComma when next == ']':
                throw Invalid("The array has a comma after its last element, and the options do not allow trailing commas.");
            case Phase.AfterElement when next == ',':
                (_phase, _scan) = (Phase.AfterComma, _scan + 1);
                break;
            case Phase.AfterElement:
                throw Invalid($"'{(char)next}' is invalid after an element: a ',' or ']' was expected.");
            case Phase.FirstElement or Phase.AfterComma when next is (byte)'{' or (byte)'[' or (byte)'"' || !s_afterPrimitive.Contains(next):
                (_phase, _elementStart, _depth, _inString) = (Phase.InElement, _scan, 0, false);
                break;
            case Phase.FirstElement or Phase.AfterComma:
                throw Invalid($"'{(char)next}' cannot start an element.");
            default:
                throw Invalid($"'{(char)next}' is invalid after the array: only white space may follow it.");
        }

        return Step.Progress;
    }

    private Step ScanNullBody()
    {
        if (!ScanPrimitive() && !_ended)
        {
            return Step.NeedMore;
        }

        if (!_buffer.AsSpan(_elementStart, _scan - _elementStart).SequenceEqual("null"u8))
        {
            throw Invalid("The body is neither an array nor null.");
        }

        _phase = Phase.AfterArray;
        return Step.Progress;
    }

    private bool TrySkipByteOrderMark()
    {
        var start = _buffer.AsSpan(_scan, _end - _scan);
        if (!_ended && start.Length < 3 && "\uFEFF"u8.StartsWith(start))
        {
            return false;
        }

        if (start.StartsWith("\uFEFF"u8))
        {
            _scan = _start = _scan + 3;
        }

        _phase = Phase.BeforeArray;
        return true;
    }

    /// <summary>Nothing more can be found in what has been read: checks the limit, and the end of the body if it came.</summary>
    private bool Wait(out bool done)
    {
        _start = _phase is Phase.InElement or Phase.NullBody ? _elementStart : Math.Min(_scan, _end);
        CheckSize(_end - _start);
        done = _ended && _phase == Phase.AfterArray && _comment != Comment.Block;
        if (!_ended || done)
        {
            return false;
        }

        throw Invalid(_phase switch
        {
            Phase.Start or Phase.BeforeArray => "The body is empty: it holds no JSON value.",
            Phase.InElement => "The body ends inside an element.",
            Phase.AfterArray => "The body ends inside a comment.",
            _ => "The body ends before the array does.",
        });
    }

    private void CheckSize(long size)
    {
        if (size > maxItemSize)
        {
            throw ResponseTooLargeException.ItemTooLarge(maxItemSize, size, "An element of the streamed JSON array");
        }
    }
}
