using System.Text;

namespace RefitStj.Benchmarks.Data;

public static partial class DataGenerator
{
    /// <summary>A seeded <see cref="Random"/> with helpers for text, dates and numbers.</summary>
    private sealed class Source(int seed)
    {
        private static readonly DateTimeOffset s_epoch = new(2016, 1, 1, 0, 0, 0, TimeSpan.Zero);

        private readonly Random _random = new(seed);

        public int Next(int minValue, int maxValue) => _random.Next(minValue, maxValue);

        public double Double() => _random.NextDouble();

        public T Pick<T>(T[] items) => items[_random.Next(items.Length)];

        public byte[] Bytes(int count)
        {
            var bytes = new byte[count];
            _random.NextBytes(bytes);
            return bytes;
        }

        public string Token(int length)
        {
            const string Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
            return string.Create(length, _random, static (span, random) =>
            {
                for (var i = 0; i < span.Length; i++)
                {
                    span[i] = Alphabet[random.Next(Alphabet.Length)];
                }
            });
        }

        // Whole seconds in one of a few offsets: every serializer writes and reads these identically.
        public DateTimeOffset Date()
        {
            var instant = s_epoch.AddSeconds(_random.Next(0, 8 * 365 * 24 * 3600));
            return instant.ToOffset(Pick(s_offsets));
        }

        public string ImageUrl() => $"https://images.example.com/events/{_random.Next(1, 100_000)}/{Token(12)}.jpg";

        public string Title(int words)
        {
            var text = new StringBuilder();
            for (var i = 0; i < words; i++)
            {
                var word = Pick(s_words);
                text.Append(i == 0 ? "" : " ").Append(char.ToUpperInvariant(word[0])).Append(word, 1, word.Length - 1);
            }

            return text.ToString();
        }

        // Sentences of 6 to 14 words until the text is about `length` characters long.
        public string Sentences(int length)
        {
            var text = new StringBuilder(length + 32);
            while (text.Length < length)
            {
                var words = _random.Next(6, 15);
                for (var i = 0; i < words; i++)
                {
                    var word = Pick(s_words);
                    if (i == 0)
                    {
                        text.Append(text.Length == 0 ? "" : " ").Append(char.ToUpperInvariant(word[0])).Append(word, 1, word.Length - 1);
                    }
                    else
                    {
                        text.Append(' ').Append(word);
                    }
                }

                text.Append('.');
            }

            return text.ToString();
        }
    }
}
