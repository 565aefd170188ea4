using RefitStj.Errors;
using RefitStj.Tests.Support;

namespace RefitStj.Tests.Errors;

public sealed class TypeNamesTests
{
    [Theory]
    [InlineData(typeof(Tick), "Tick")]
    [InlineData(typeof(List<Tick>), "List<Tick>")]
    [InlineData(typeof(Dictionary<string, List<int>>), "Dictionary<string, List<int>>")]
    [InlineData(typeof(int?), "int?")]
    [InlineData(typeof(Tick[]), "Tick[]")]
    [InlineData(typeof(int[,]), "int[,]")]
    [InlineData(typeof(int[,,][]), "int[,,][]")]
    [InlineData(typeof(object), "object")]
    [InlineData(typeof(DayOfWeek), "DayOfWeek")]
    [InlineData(typeof(DayOfWeek?), "DayOfWeek?")]
    [InlineData(typeof(IAsyncEnumerable<KeyValuePair<string, DateTime?>>), "IAsyncEnumerable<KeyValuePair<string, DateTime?>>")]
    public void Names_A_Type_As_CSharp_Writes_It(Type type, string expected)
    {
        Assert.Equal(expected, TypeNames.Of(type));
    }

    [Theory]
    [InlineData(typeof(bool), "bool")]
    [InlineData(typeof(byte), "byte")]
    [InlineData(typeof(sbyte), "sbyte")]
    [InlineData(typeof(char), "char")]
    [InlineData(typeof(short), "short")]
    [InlineData(typeof(ushort), "ushort")]
    [InlineData(typeof(int), "int")]
    [InlineData(typeof(uint), "uint")]
    [InlineData(typeof(long), "long")]
    [InlineData(typeof(ulong), "ulong")]
    [InlineData(typeof(float), "float")]
    [InlineData(typeof(double), "double")]
    [InlineData(typeof(decimal), "decimal")]
    [InlineData(typeof(string), "string")]
    [InlineData(typeof(DateTime), "DateTime")]
    [InlineData(typeof(Guid), "Guid")]
    public void Names_Each_Builtin_Type_By_Its_Keyword_And_No_Other(Type type, string expected)
    {
        Assert.Equal(expected, TypeNames.Of(type));
    }

    [Theory]
    [InlineData(typeof(Box<int>.Pair<string, Tick>), "Pair<string, Tick>")]
    [InlineData(typeof(Box<int>.Plain), "Plain")]
    [InlineData(typeof(Box<>), "Box<T>")]
    public void Names_A_Nested_Type_By_Its_Own_Arguments_Only(Type type, string expected)
    {
        Assert.Equal(expected, TypeNames.Of(type));
    }

    internal sealed class Box<T>
    {
        internal sealed class Pair<TKey, TValue>;

        internal sealed class Plain;
    }
}
