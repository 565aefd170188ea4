namespace RefitStj.Errors;

/// <summary>The one wording of "the options have no metadata for this type", with both fixes.</summary>
internal static class MetadataErrors
{
    /// <summary>The message for <paramref name="type"/>, which <paramref name="options"/>' resolver does not know.</summary>
    /// <param name="type">The type without metadata.</param>
    /// <param name="options">The options asked.</param>
    /// <param name="role">What the type is for, e.g. ", the data of SseItem&lt;Chunk&gt;", or empty.</param>
    public static string NoMetadata(Type type, JsonSerializerOptions options, string role = "")
    {
        var name = TypeNames.Of(type);
        return $"The JSON options have no metadata for {name}{role}: their TypeInfoResolver ({options.TypeInfoResolver?.GetType().Name}) does not know it. " +
               $"With source generation, add [JsonSerializable(typeof({name}))] to your JsonSerializerContext, " +
               "or chain a resolver that knows it with JsonTypeInfoResolver.Combine.";
    }
}
