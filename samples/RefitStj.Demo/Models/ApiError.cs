namespace RefitStj.Demo.Models;

/// <summary>The body of a 4xx answer from the embedded API, shaped like GitHub's.</summary>
internal sealed class ApiError
{
    public string Message { get; init; } = "";
}
